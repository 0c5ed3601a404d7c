import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type { Notification, notificationsQuery } from '@guildhall/shared/schemas/notifications';
import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { notifications, ownList, rememberedUntilChange, tablesChanged, type Db, type Tx } from '../../db/index';
import { mailForNotice } from '../mail/mail.outbox';

const notificationsOf = ownList('notifications_of', {
  select: (db) =>
    db
      .select({
        ...getTableColumns(notifications),
        n: sql<number>`count(*) over ()`,
        unread: sql<number>`(count(*) filter (where ${notifications.read_at} is null) over ())::int`,
      })
      .from(notifications)
      .where(eq(notifications.id_user, sql.placeholder('owner')))
      .$dynamic(),
  sortable: { created_at: notifications.created_at },
  tieBreak: notifications.id,
});

// A member's notifications are read on every page of the portal: their pages are remembered until the table is
// written (db/changes.ts; decision 156). Every write goes through notify(), resolveNotices() or markRead(): the first
// two only inside noticesTransaction, which tells the change clock once the transaction has committed.
const pageOf = rememberedUntilChange(
  ['notifications'],
  async (db, { id_user, query }: { id_user: number; query: z.infer<typeof notificationsQuery> }) => {
    const { rows, count: total, totals } = await notificationsOf(db, id_user, query);
    return {
      rows: rows.map((n) => ({
        id: n.id,
        kind: n.kind,
        message: n.message,
        link: n.link,
        created_at: n.created_at.toISOString(),
        read_at: n.read_at?.toISOString() ?? null,
      })),
      count: total,
      unread: Number(totals?.unread ?? 0),
    };
  },
  1000,
);

export const listNotifications = (
  db: Db,
  id_user: number,
  query: z.infer<typeof notificationsQuery>,
): Promise<ListResult<Notification> & { unread: number }> => pageOf(db, { id_user, query });

/** Marks the member's own notifications read (the given ones, or all); other members' ids are simply not touched. */
export async function markRead(db: Db, id_user: number, ids: number[] | 'all'): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(
      and(eq(notifications.id_user, id_user), isNull(notifications.read_at), ids === 'all' ? undefined : inArray(notifications.id, ids)),
    )
    .returning({ id: notifications.id });
  if (updated.length) tablesChanged(db, ['notifications']);
  return updated.length;
}

declare const noticesTold: unique symbol;
/** A transaction that may write notices: only noticesTransaction makes one. */
export type NoticeTx = Tx & { readonly [noticesTold]: true };

/** A transaction in which notices are written (notify, resolveNotices); once it has committed, what this process
 * remembered of notifications is dropped. */
export async function noticesTransaction<T>(db: Db, work: (tx: NoticeTx) => Promise<T>): Promise<T> {
  const result = await db.transaction((tx) => work(tx as NoticeTx));
  tablesChanged(db, ['notifications']);
  return result;
}

/**
 * What a notice asks its reader to act on: an application, a character awaiting acceptance, a transfer, or what a
 * post brought its holder (its applications and characters awaiting review).
 */
type SubjectKind = 'approval' | 'character' | 'transfer' | 'position';
export type NoticeSubject = `${SubjectKind}:${number}`;
export const noticeSubject = (kind: SubjectKind, id: number): NoticeSubject => `${kind}:${id}`;

export type NewNotification = { kind: string; message: string; link?: string | null; subject?: NoticeSubject };

/** Tells members of something, inside the transaction of the change they hear about. */
export async function notify(tx: NoticeTx, id_users: number | readonly (number | null)[], note: NewNotification): Promise<void> {
  const ids = [...new Set((Array.isArray(id_users) ? id_users : [id_users]).filter((id): id is number => id !== null))];
  if (ids.length === 0) return;
  await tx
    .insert(notifications)
    .values(
      ids.map((id_user) => ({ id_user, kind: note.kind, message: note.message, link: note.link ?? null, subject: note.subject ?? null })),
    );
  // The e-mail beside it, in the same transaction, as each member chose for the kind.
  await mailForNotice(tx, ids, note);
}

/**
 * The subject no longer awaits the readers it asked (approved, denied, removed, accepted, decided — by anyone):
 * their unread notices about it are marked read, in the transaction of that change. Call it before telling
 * the next readers, so their new notices stay unread.
 */
export async function resolveNotices(
  tx: NoticeTx,
  subjects: NoticeSubject | readonly NoticeSubject[],
  /** Only this member's notices (a post's former holder), not every reader's. */
  onlyOf?: number,
): Promise<void> {
  const list = typeof subjects === 'string' ? [subjects] : subjects;
  if (list.length === 0) return;
  await tx
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(
      and(
        inArray(notifications.subject, [...list]),
        isNull(notifications.read_at),
        onlyOf === undefined ? undefined : eq(notifications.id_user, onlyOf),
      ),
    );
}
