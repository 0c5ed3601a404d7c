import { describe, expect, it } from 'vitest';
import { firstOverdraft, runningBalances, xpDelta } from './xp';

const e = (xp_type: 'Creation Dots' | 'Earn' | 'Spend' | 'MC', xp_amount: number, is_void = false) => ({ xp_type, xp_amount, is_void });

describe('experience rules', () => {
  it('takes a Spend away and adds every other type', () => {
    expect([xpDelta('Spend', 3), xpDelta('Earn', 3), xpDelta('Creation Dots', 3), xpDelta('MC', 3)]).toEqual([-3, 3, 3, 3]);
  });

  it('runs the balance over the entries, a voided entry changing nothing', () => {
    expect(runningBalances([e('Creation Dots', 10), e('Spend', 4), e('Earn', 2, true), e('MC', 1)])).toEqual([10, 6, 6, 7]);
    expect(runningBalances([])).toEqual([]);
  });

  it('finds the first entry that would overdraw the log', () => {
    expect(firstOverdraft([e('Earn', 2), e('Spend', 2)])).toBe(-1);
    expect(firstOverdraft([e('Earn', 2), e('Spend', 3), e('Earn', 5)])).toBe(1);
    // Voiding an earlier Earn can make a later Spend overdraw.
    expect(firstOverdraft([e('Earn', 5, true), e('Spend', 3)])).toBe(1);
  });
});
