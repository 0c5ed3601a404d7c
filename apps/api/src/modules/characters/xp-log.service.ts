// A character's experience log (SPEC §3, DESIGN §7): the entries, adding one, and voiding one.
import { firstOverdraft, runningBalances, xpDelta } from '@guildhall/shared/rules/xp';
import type { XpLog, XpLogAdd, XpLogsQuery } from '@guildhall/shared/schemas/characters';
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import { asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pagedList, characters, users, xpLogs, type Db, type Tx } from '../../db/index';
import { charactersErrors } from './characters.errors';

export async function listXpLogs(db: Db, id_character: number, query: XpLogsQuery): Promise<ListResult<XpLog>> {
  const authors = alias(users, 'author');
  const where = eq(xpLogs.id_character, id_character);
  const page = await pagedList(query, {
    rows: db
      .select({
        id_xp_log: xpLogs.id_xp_log,
        xp_datetime: xpLogs.xp_datetime,
        xp_type: xpLogs.xp_type,
        xp_description: xpLogs.xp_description,
        xp_amount: xpLogs.xp_amount,
        xp_balance: xpLogs.xp_balance,
        is_void: xpLogs.is_void,
        author_name: sql<string | null>`nullif(trim(concat_ws(' ', ${authors.user_fname}, ${authors.user_lname})), '')`,
      })
      .from(xpLogs)
      .leftJoin(authors, eq(authors.id_user, xpLogs.id_user_author))
      .where(where)
      .$dynamic(),
    count: db.select({ n: count() }).from(xpLogs).where(where),
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

export async function addXpLog(db: Db, authorId: number, input: XpLogAdd) {
  return db.transaction(async (tx) => {
    const log = await lockedLog(tx, input.id_character);
    const balance = runningBalances(log).at(-1) ?? 0;
    const next = balance + xpDelta(input.xp_type, input.xp_amount);
    if (next < 0) throw charactersErrors.overdraft(balance);
    const [created] = await tx
      .insert(xpLogs)
      .values({
        id_character: input.id_character,
        xp_type: input.xp_type,
        xp_amount: input.xp_amount,
        xp_description: input.xp_description,
        xp_balance: next,
        id_user_author: authorId,
      })
      .returning({ id_xp_log: xpLogs.id_xp_log, xp_balance: xpLogs.xp_balance });
    return created!;
  });
}

export async function xpLogCharacter(db: Db | Tx, id_xp_log: number): Promise<number> {
  const [row] = await db.select({ id: xpLogs.id_character }).from(xpLogs).where(eq(xpLogs.id_xp_log, id_xp_log));
  if (!row) throw charactersErrors.xpNotFound();
  return row.id;
}

/** DESIGN §7: a voided entry is kept, marked void, and every later balance is recomputed. */
export async function voidXpLog(db: Db, id_xp_log: number, voiderId: number) {
  await db.transaction(async (tx) => {
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
  });
}
