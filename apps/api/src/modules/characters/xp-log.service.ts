// A character's experience log (SPEC §3, DESIGN §7): the entries, adding one, and voiding one.
import { firstOverdraft, runningBalances, xpDelta } from '@guildhall/shared/rules/xp';
import type { XpLog, XpLogAdd, XpLogsQuery } from '@guildhall/shared/schemas/characters';
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import { and, asc, count, eq, gte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { characters, oncePerDatabase, pagedList, type Db, type Tx, users, xpLogs } from '../../db/index';
import { charactersErrors } from './characters.errors';
import { personName } from '../users/person-name';

export async function listXpLogs(db: Db, id_character: number, query: XpLogsQuery): Promise<ListResult<XpLog>> {
  const authors = alias(users, 'author');
  const where = eq(xpLogs.id_character, id_character);
  const page = await pagedList(db, query, {
    rows: () =>
      db
        .select({
          id_xp_log: xpLogs.id_xp_log,
          xp_datetime: xpLogs.xp_datetime,
          xp_type: xpLogs.xp_type,
          xp_description: xpLogs.xp_description,
          xp_amount: xpLogs.xp_amount,
          xp_balance: xpLogs.xp_balance,
          is_void: xpLogs.is_void,
          id_game: xpLogs.id_game,
          author_name: personName(authors),
        })
        .from(xpLogs)
        .leftJoin(authors, eq(authors.id_user, xpLogs.id_user_author))
        .where(where)
        .$dynamic(),
    count: () => db.select({ n: count() }).from(xpLogs).where(where),
    sortable: { xp_datetime: xpLogs.xp_datetime },
    tieBreak: xpLogs.id_xp_log,
  });
  return { rows: page.rows.map((r) => ({ ...r, xp_datetime: r.xp_datetime.toISOString() })), count: page.count };
}

/** The character's entries oldest first, with the character row locked so two writers take turns. */
async function lockedLog(tx: Tx, id_character: number) {
  const [locked] = await tx
    .select({ id: characters.id_character })
    .from(characters)
    .where(eq(characters.id_character, id_character))
    .for('update');
  if (!locked) throw charactersErrors.notFound();
  return tx
    .select({
      id_xp_log: xpLogs.id_xp_log,
      xp_type: xpLogs.xp_type,
      xp_amount: xpLogs.xp_amount,
      is_void: xpLogs.is_void,
      xp_balance: xpLogs.xp_balance,
    })
    .from(xpLogs)
    .where(eq(xpLogs.id_character, id_character))
    .orderBy(asc(xpLogs.xp_datetime), asc(xpLogs.id_xp_log));
}

// An entry in one statement (decision 071): the character's balance moves by the entry's amount unless it would go
// below zero, and the entry is written with the balance that results. The UPDATE waits for a writer already on the
// character and reads its row again, so entries at once take turns; the entry's time and id are taken after that
// wait (clock_timestamp, the sequence), so the log's order is the order the balances were reached in.
type EntryParam = 'id_character' | 'delta' | 'xp_type' | 'xp_description' | 'xp_amount' | 'id_user_author' | 'id_game';

/** The entry's statement, its values given as placeholders (prepared once) or bound (inside a caller's transaction). */
function entryInsert(q: Db | Tx, value: (name: EntryParam) => SQL) {
  const delta = sql<number>`${value('delta')}::int`;
  const moved = q.$with('moved').as(
    q
      .update(characters)
      .set({ xp_balance: sql`${characters.xp_balance} + ${delta}` })
      .where(and(eq(characters.id_character, value('id_character')), gte(sql`${characters.xp_balance} + ${delta}`, 0)))
      .returning({ xp_balance: characters.xp_balance }),
  );
  return q
    .with(moved)
    .insert(xpLogs)
    .select(
      // Drizzle's insert … select writes every column in the table's order: the defaults are spelled out.
      q
        .select({
          id_xp_log: sql<number>`nextval(pg_get_serial_sequence('xp_logs', 'id_xp_log'))::int`.as('id_xp_log'),
          id_character: sql<number>`${value('id_character')}::int`.as('id_character'),
          xp_datetime: sql<Date>`clock_timestamp()`.as('xp_datetime'),
          xp_type: sql<XpLogAdd['xp_type']>`${value('xp_type')}::text`.as('xp_type'),
          xp_description: sql<string>`${value('xp_description')}::text`.as('xp_description'),
          xp_amount: sql<number>`${value('xp_amount')}::int`.as('xp_amount'),
          xp_balance: moved.xp_balance,
          id_user_author: sql<number>`${value('id_user_author')}::int`.as('id_user_author'),
          is_void: sql<boolean>`false`.as('is_void'),
          voided_by: sql<number | null>`null::int`.as('voided_by'),
          voided_at: sql<Date | null>`null::timestamptz`.as('voided_at'),
          id_game: sql<number | null>`${value('id_game')}::int`.as('id_game'),
        })
        .from(moved),
    )
    .returning({ id_xp_log: xpLogs.id_xp_log, xp_balance: xpLogs.xp_balance });
}

/** The entry's statement prepared once per database, run with each entry's values. */
const statements = oncePerDatabase((db) => ({ add: entryInsert(db, (name) => sql`${sql.placeholder(name)}`).prepare('xp_log_add') }));

const entryValues = (authorId: number, input: XpLogAdd, id_game: number | null): Record<EntryParam, unknown> => ({
  id_character: input.id_character,
  delta: xpDelta(input.xp_type, input.xp_amount),
  xp_type: input.xp_type,
  xp_description: input.xp_description,
  xp_amount: input.xp_amount,
  id_user_author: authorId,
  id_game,
});

/**
 * The same entry inside the caller's transaction (a game's closing posts one per attendee, all or none); the game it
 * was earned at is kept with it. Undefined when nothing was written (no such character, or an overdraft).
 */
export async function addXpLogIn(tx: Tx, authorId: number, input: XpLogAdd, id_game: number | null) {
  const values = entryValues(authorId, input, id_game);
  const [created] = await entryInsert(tx, (name) => sql`${values[name]}`);
  return created;
}

export async function addXpLog(db: Db, authorId: number, input: XpLogAdd) {
  const [created] = await statements(db).add.execute(entryValues(authorId, input, null));
  if (created) return created;
  // Nothing written: no such character, or the entry would take its balance below zero.
  const [character] = await db
    .select({ xp_balance: characters.xp_balance })
    .from(characters)
    .where(eq(characters.id_character, input.id_character));
  if (!character) throw charactersErrors.notFound();
  throw charactersErrors.overdraft(character.xp_balance);
}

export async function xpLogCharacter(db: Db | Tx, id_xp_log: number): Promise<number> {
  const [row] = await db.select({ id: xpLogs.id_character }).from(xpLogs).where(eq(xpLogs.id_xp_log, id_xp_log));
  if (!row) throw charactersErrors.xpNotFound();
  return row.id;
}

/** DESIGN §7: a voided entry is kept, marked void, and every later balance is recomputed. */
export async function voidXpLog(db: Db, id_xp_log: number, voiderId: number) {
  await db.transaction((tx) => voidXpLogIn(tx, id_xp_log, voiderId));
}

/** Voids an entry inside the caller's transaction (a game's attendance corrected). */
export async function voidXpLogIn(tx: Tx, id_xp_log: number, voiderId: number) {
  const id_character = await xpLogCharacter(tx, id_xp_log);
  const log = await lockedLog(tx, id_character);
  const index = log.findIndex((e) => e.id_xp_log === id_xp_log);
  if (log[index]!.is_void) throw charactersErrors.alreadyVoid();
  const after = log.map((e, i) => (i === index ? { ...e, is_void: true } : e));
  if (firstOverdraft(after) !== -1) throw charactersErrors.voidOverdraft();
  await tx.update(xpLogs).set({ is_void: true, voided_by: voiderId, voided_at: sql`now()` }).where(eq(xpLogs.id_xp_log, id_xp_log));
  const balances = runningBalances(after);
  for (const [i, entry] of after.entries()) {
    if (entry.xp_balance !== balances[i])
      await tx.update(xpLogs).set({ xp_balance: balances[i]! }).where(eq(xpLogs.id_xp_log, entry.id_xp_log));
  }
  await tx
    .update(characters)
    .set({ xp_balance: balances.at(-1) ?? 0 })
    .where(eq(characters.id_character, id_character));
}
