// Prestige records, totals and awards (SPEC §3 Prestige; DESIGN §7 live figures).
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type { PrestigeAdd, PrestigeAggregates, PrestigeEntry, PrestigeListQuery } from '@guildhall/shared/schemas/prestige';
import { memberClass } from '@guildhall/shared/rules/member-class';
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  mcLevels,
  oncePerDatabase,
  ownList,
  prestige,
  rememberedUntilChange,
  tablesChanged,
  users,
  type Db,
  type Tx,
} from '../../db/index';
import type { Actor } from '../../auth/actor';
import { stillCoordinates } from '../../auth/scope';
import { writeAudit } from '../audit/audit.service';
import { notify, type NoticeTx, noticesTransaction } from '../notifications/notifications.service';
import { prestigeErrors } from './prestige.errors';
import { personName } from '../users/person-name';

export const reviewers = alias(users, 'reviewer');

/** A prestige entry as lists show it, with its reviewer's name (join `reviewers` on id_reviewer). */
export const prestigeEntryColumns = {
  id_prestige: prestige.id_prestige,
  id_user: prestige.id_user,
  prestige_description: prestige.prestige_description,
  prestige_category: prestige.prestige_category,
  prestige_general: prestige.prestige_general,
  prestige_regional: prestige.prestige_regional,
  prestige_national: prestige.prestige_national,
  prestige_usable_general: prestige.prestige_usable_general,
  id_reviewer: prestige.id_reviewer,
  reviewer_name: personName(reviewers),
  prestige_datetime: prestige.prestige_datetime,
  id_game: prestige.id_game,
};

const prestigeOf = ownList('prestige_of', {
  select: (db) =>
    db
      .select({ ...prestigeEntryColumns, n: sql<number>`count(*) over ()` })
      .from(prestige)
      .leftJoin(reviewers, eq(reviewers.id_user, prestige.id_reviewer))
      .where(eq(prestige.id_user, sql.placeholder('owner')))
      .$dynamic(),
  sortable: {
    prestige_datetime: prestige.prestige_datetime,
    prestige_category: prestige.prestige_category,
    prestige_general: prestige.prestige_general,
    prestige_regional: prestige.prestige_regional,
    prestige_national: prestige.prestige_national,
    prestige_usable_general: prestige.prestige_usable_general,
  },
  tieBreak: prestige.id_prestige,
});

// A member's prestige is read on every visit to their pages and written seldom (an award, a game's closing or correction,
// an import, an erasure): their record's pages and totals are remembered until prestige, or a member's name (a
// reviewer's), is written (db/changes.ts; decision 155). What is remembered is shared: callers do not change it.
const pageOf = rememberedUntilChange(
  ['prestige', 'users'],
  async (db, { id_user, query }: { id_user: number; query: PrestigeListQuery }): Promise<ListResult<PrestigeEntry>> => {
    const { rows, count: total } = await prestigeOf(db, id_user, query);
    return {
      rows: rows.map(({ n: _n, ...row }) => ({ ...row, prestige_datetime: row.prestige_datetime.toISOString() })),
      count: total,
    };
  },
  1000,
);

export const listPrestige = (db: Db, id_user: number, query: PrestigeListQuery) => pageOf(db, { id_user, query });

// A member's totals, opened on every visit to their pages: prepared once per database.
const sumsOf = oncePerDatabase((db) =>
  db
    .select({
      total_general: sql<number>`coalesce(sum(${prestige.prestige_general}), 0)::int`,
      total_regional: sql<number>`coalesce(sum(${prestige.prestige_regional}), 0)::int`,
      total_national: sql<number>`coalesce(sum(${prestige.prestige_national}), 0)::int`,
      total_vip: sql<number>`coalesce(sum(${prestige.prestige_usable_general}), 0)::int`,
    })
    .from(prestige)
    .where(eq(prestige.id_user, sql.placeholder('id_user')))
    .prepare('prestige_sums'),
);

const rememberedSums = rememberedUntilChange(['prestige'], (db, id_user: number) => sumsOf(db).execute({ id_user }), 10_000);

export async function prestigeAggregates(db: Db, id_user: number): Promise<PrestigeAggregates> {
  const [[sums], ladder] = await Promise.all([rememberedSums(db, id_user), loadLadder(db)]);
  const totals = {
    total_general: Number(sums?.total_general ?? 0),
    total_regional: Number(sums?.total_regional ?? 0),
    total_national: Number(sums?.total_national ?? 0),
    total_vip: Number(sums?.total_vip ?? 0),
  };
  return { ...totals, ...memberClass(totals, ladder) };
}

// The MC ladder is reference data: seeded, never written by a request. It is read once per database and kept
// until mc_levels (or anything else) is written (db/changes.ts).
type Ladder = (typeof mcLevels.$inferSelect)[];

export const loadLadder: (db: Db) => Promise<Ladder> = rememberedUntilChange(['mc_levels'], (db) =>
  db.select().from(mcLevels).orderBy(asc(mcLevels.mc)),
);

/** Records an award and tells the member, in one transaction. */
export async function addPrestige(db: Db, id_reviewer: number, input: PrestigeAdd): Promise<number> {
  const id = await noticesTransaction(db, (tx) => addPrestigeIn(tx, id_reviewer, input));
  tablesChanged(db, ['prestige']);
  return id;
}

/** The award inside the caller's transaction (which calls tablesChanged once committed); a game's closing names its game. */
export async function addPrestigeIn(tx: NoticeTx, id_reviewer: number, input: PrestigeAdd & { id_game?: number | null }): Promise<number> {
  const [member] = await tx.select({ id_user: users.id_user }).from(users).where(eq(users.id_user, input.id_user));
  if (!member) throw prestigeErrors.memberNotFound();
  const [created] = await tx
    .insert(prestige)
    .values({ ...input, id_reviewer })
    .returning({ id: prestige.id_prestige });
  await notify(tx, input.id_user, {
    kind: 'prestige',
    message: `You were awarded prestige for ${input.prestige_category}: ${input.prestige_general} general, ${input.prestige_regional} regional, ${input.prestige_national} national.`,
    link: '/prestige-and-vip',
  });
  return created!.id;
}

export async function findPrestigeOwner(db: Db, id_prestige: number): Promise<number> {
  const [row] = await db.select({ id_user: prestige.id_user }).from(prestige).where(eq(prestige.id_prestige, id_prestige));
  if (!row) throw prestigeErrors.notFound();
  return row.id_user;
}

/** Deletes an entry (DESIGN §5), audited in the same transaction with the entry as it was. */
export async function deletePrestige(db: Db, actor: Actor, id_prestige: number) {
  await db.transaction(async (tx) => {
    // The entry's member held, so a transfer waits or comes first and is read (decision 028).
    const [entry] = await tx
      .select({ id_location: users.id_location })
      .from(prestige)
      .innerJoin(users, eq(users.id_user, prestige.id_user))
      .where(eq(prestige.id_prestige, id_prestige))
      .for('share', { of: users });
    if (entry && !(await stillCoordinates(tx, actor, entry.id_location))) throw prestigeErrors.outOfReach();
    await deletePrestigeIn(tx, actor.id_user, id_prestige);
  });
  tablesChanged(db, ['prestige']);
}

/** The deletion inside the caller's transaction (a game's attendance corrected; it calls tablesChanged once committed). */
export async function deletePrestigeIn(tx: Tx, by: number, id_prestige: number) {
  const [before] = await tx.delete(prestige).where(eq(prestige.id_prestige, id_prestige)).returning();
  if (!before) throw prestigeErrors.notFound();
  await writeAudit(tx, { by, action: 'prestige.delete', entity: 'prestige', entityId: id_prestige, before });
}
