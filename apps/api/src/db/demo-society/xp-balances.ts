// A seeded society's experience balances (decision 071): each character's stored balance set to SPEC §3's
// xp_log_sum, the sum of its live entries' signed amounts, once its log is written.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../types';
import * as s from '../schema/index';

export async function settleXpBalances(tx: Tx): Promise<void> {
  const sums = tx
    .select({ id_character: s.xpLogs.id_character, balance: sql<number>`sum(${s.xpDeltaOf(s.xpLogs)})::int`.as('balance') })
    .from(s.xpLogs)
    .where(eq(s.xpLogs.is_void, false))
    .groupBy(s.xpLogs.id_character)
    .as('sums');
  await tx
    .update(s.characters)
    .set({ xp_balance: sql`${sums.balance}` })
    .from(sums)
    .where(eq(s.characters.id_character, sums.id_character));
}
