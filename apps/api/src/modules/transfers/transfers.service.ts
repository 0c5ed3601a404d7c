// Issue 13: a member's request to move home domain, seen by both domains' coordinators, decided by the
// receiving one. Acceptance moves the member; every step is audited and the people concerned are told.
import { isDomain } from '@guildhall/shared/rules/locations';
import type { TransferAdd, TransferRow, TransfersQuery } from '@guildhall/shared/schemas/administration';
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import { and, count, eq, or, type SQL, sql } from 'drizzle-orm';
import { anyOf, pagedList, locations, transfers, users, type Db, type Tx } from '../../db/index';
import type { Actor } from '../../auth/actor';
import { coordinatorsOf, stillCoordinates } from '../../auth/scope';
import { writeAudit } from '../audit/audit.service';
import { listLocations } from '../locations/locations.service';
import { noticeSubject, notify, resolveNotices, noticesTransaction } from '../notifications/notifications.service';
import { transfersErrors } from './transfers.errors';

const LINK = '/coordinator/transfers';

export async function requestTransfer(db: Db, id_user: number, input: TransferAdd): Promise<number> {
  return noticesTransaction(db, async (tx) => {
    const [to] = await tx
      .select({ id: locations.id_location, type: locations.location_type, name: locations.location_name })
      .from(locations)
      .where(eq(locations.id_location, input.id_location));
    if (!to || !isDomain({ location_type: to.type })) throw transfersErrors.noSuchDomain();
    const [member] = await tx
      .select({ from: users.id_location, name: sql<string>`concat_ws(' ', ${users.user_fname}, ${users.user_lname})` })
      .from(users)
      .where(eq(users.id_user, id_user))
      .for('update');
    if (member!.from === to.id) throw transfersErrors.sameDomain();
    const [pending] = await tx
      .select({ id: transfers.id })
      .from(transfers)
      .where(and(eq(transfers.id_user, id_user), eq(transfers.status, 'Pending')));
    if (pending) throw transfersErrors.pendingExists();
    const [created] = await tx
      .insert(transfers)
      .values({ id_user, from_location: member!.from, to_location: to.id, note: input.note || null })
      .returning({ id: transfers.id });
    const id = created!.id;
    await writeAudit(tx, {
      by: id_user,
      action: 'transfer.request',
      entity: 'transfer',
      entityId: id,
      after: { id_user, from_location: member!.from, to_location: to.id },
    });
    const coordinators = [...(await coordinatorsOf(tx, to.id)), ...(await coordinatorsOf(tx, member!.from))];
    await notify(
      tx,
      coordinators.filter((c) => c !== id_user),
      { kind: 'transfer', message: `${member!.name} asks to transfer to ${to.name}.`, link: LINK, subject: noticeSubject('transfer', id) },
    );
    return id;
  });
}

export async function findTransfer(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      id_user: transfers.id_user,
      from_location: transfers.from_location,
      to_location: transfers.to_location,
      status: transfers.status,
    })
    .from(transfers)
    .where(eq(transfers.id, id));
  if (!row) throw transfersErrors.notFound();
  return row;
}

/** Accepts (the member's home domain changes), declines or withdraws a pending request. */
export async function decideTransfer(
  db: Db,
  actor: Actor,
  id: number,
  decision: 'Accepted' | 'Declined' | 'Cancelled',
  note?: string | null,
): Promise<void> {
  const outcome = await noticesTransaction(db, async (tx): Promise<'stale' | undefined> => {
    const [transfer] = await tx.select().from(transfers).where(eq(transfers.id, id)).for('update');
    if (!transfer) throw transfersErrors.notFound();
    if (transfer.status !== 'Pending') throw transfersErrors.notPending();
    // A coordinator's post ended or handed on since the right was checked decides nothing (decision 028).
    if (decision !== 'Cancelled' && !(await stillCoordinates(tx, actor, transfer.to_location))) throw transfersErrors.postChanged();
    const by = actor.id_user;
    // Decided or withdrawn, it no longer awaits the coordinators who were asked.
    await resolveNotices(tx, noticeSubject('transfer', id));
    if (decision === 'Accepted') {
      // Accept only what was asked: the member still lives in the domain they asked to leave, and is active.
      const [member] = await tx
        .select({ id_location: users.id_location, is_disabled: users.is_disabled })
        .from(users)
        .where(eq(users.id_user, transfer.id_user))
        .for('update');
      if (!member || member.is_disabled || member.id_location !== transfer.from_location) {
        await tx
          .update(transfers)
          .set({
            status: 'Cancelled',
            decided_at: sql`now()`,
            decided_by: by,
            note: 'Withdrawn: the membership changed since the request.',
          })
          .where(eq(transfers.id, id));
        await writeAudit(tx, {
          by,
          action: 'transfer.cancel',
          entity: 'transfer',
          entityId: id,
          before: { status: 'Pending' },
          after: { status: 'Cancelled' },
          note: 'Stale',
        });
        await notify(tx, transfer.id_user, {
          kind: 'transfer',
          message: 'Your transfer request was withdrawn because your membership changed since you asked. You may ask again.',
          link: '/utilities/domain-list',
        });
        return 'stale';
      }
    }
    await tx
      .update(transfers)
      .set({ status: decision, decided_at: sql`now()`, decided_by: by, ...(note ? { note } : {}) })
      .where(eq(transfers.id, id));
    const [to] = await tx.select({ name: locations.location_name }).from(locations).where(eq(locations.id_location, transfer.to_location));
    if (decision === 'Accepted') {
      const [member] = await tx
        .select({ id_location: users.id_location })
        .from(users)
        .where(eq(users.id_user, transfer.id_user))
        .for('update');
      await tx.update(users).set({ id_location: transfer.to_location }).where(eq(users.id_user, transfer.id_user));
      await writeAudit(tx, {
        by,
        action: 'member.transfer',
        entity: 'user',
        entityId: transfer.id_user,
        before: { id_location: member?.id_location ?? null },
        after: { id_location: transfer.to_location },
        note: `Transfer ${id}`,
      });
    }
    await writeAudit(tx, {
      by,
      action: `transfer.${decision === 'Accepted' ? 'accept' : decision === 'Declined' ? 'decline' : 'cancel'}`,
      entity: 'transfer',
      entityId: id,
      before: { status: 'Pending' },
      after: { status: decision },
      note: note ?? null,
    });
    if (decision === 'Cancelled') return;
    const verb = decision === 'Accepted' ? 'accepted' : 'declined';
    await notify(tx, transfer.id_user, {
      kind: 'transfer',
      message: `Your transfer to ${to?.name ?? 'the new domain'} was ${verb}.${decision === 'Accepted' ? ' It is now your home domain.' : ''}`,
      link: '/overview',
    });
    await notify(
      tx,
      (await coordinatorsOf(tx, transfer.from_location)).filter((c) => c !== by && c !== transfer.id_user),
      { kind: 'transfer', message: `A member's transfer to ${to?.name ?? 'another domain'} was ${verb}.`, link: LINK },
    );
  });
  // The withdrawal above is kept; the coordinator is told why nothing moved.
  if (outcome === 'stale') throw transfersErrors.stale();
}

/** Transfers the caller may see: their own, and those from or to the locations they coordinate (all for administrators). */
export async function listTransfers(
  db: Db,
  id_user: number,
  reach: number[] | 'all',
  query: TransfersQuery,
): Promise<ListResult<Omit<TransferRow, 'abilities'>>> {
  const visible: SQL | undefined =
    reach === 'all'
      ? undefined
      : or(
          eq(transfers.id_user, id_user),
          ...(reach.length ? [anyOf(transfers.to_location, reach), anyOf(transfers.from_location, reach)] : []),
        );
  const where = and(
    visible,
    query.status ? eq(transfers.status, query.status) : undefined,
    query.mine ? eq(transfers.id_user, id_user) : undefined,
  );
  const [page, all] = await Promise.all([
    pagedList(db, query, {
      rows: () =>
        db
          .select({
            id: transfers.id,
            id_user: transfers.id_user,
            member_name: sql<string>`concat_ws(' ', ${users.user_fname}, ${users.user_lname})`,
            user_camnum: users.user_camnum,
            from_location: transfers.from_location,
            to_location: transfers.to_location,
            status: transfers.status,
            note: transfers.note,
            requested_at: transfers.requested_at,
            decided_at: transfers.decided_at,
          })
          .from(transfers)
          .innerJoin(users, eq(users.id_user, transfers.id_user))
          .where(where)
          .$dynamic(),
      count: () => db.select({ n: count() }).from(transfers).where(where),
      sortable: { requested_at: transfers.requested_at },
      tieBreak: transfers.id,
    }),
    listLocations(db),
  ]);
  const codes = new Map(all.map((l) => [l.id_location, `${l.location_name} (${l.domain_code})`]));
  return {
    rows: page.rows.map((r) => ({
      ...r,
      from_code: r.from_location ? (codes.get(r.from_location) ?? null) : null,
      to_code: codes.get(r.to_location) ?? '',
      requested_at: r.requested_at.toISOString(),
      decided_at: r.decided_at?.toISOString() ?? null,
    })),
    count: page.count,
  };
}
