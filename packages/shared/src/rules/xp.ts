// DESIGN §7 experience log: a Spend takes points away, every other type adds them; the balance runs over the
// entries in order, skipping voided ones, and may never go below zero.
import type { XpType } from '../constants';

export const xpDelta = (type: XpType, amount: number) => (type === 'Spend' ? -amount : amount);

export interface XpEntry {
  xp_type: XpType;
  xp_amount: number;
  is_void: boolean;
}

/** The balance after each entry (a voided entry leaves the balance as it was). */
export function runningBalances(entries: readonly XpEntry[]): number[] {
  let balance = 0;
  return entries.map((entry) => {
    if (!entry.is_void) balance += xpDelta(entry.xp_type, entry.xp_amount);
    return balance;
  });
}

/** The first entry whose balance would be negative, or -1 when the log stays at zero or above. */
export function firstOverdraft(entries: readonly XpEntry[]): number {
  return runningBalances(entries).findIndex((balance) => balance < 0);
}
