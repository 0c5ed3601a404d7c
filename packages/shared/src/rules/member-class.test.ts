import { describe, expect, it } from 'vitest';
import { ladderBreak, type McLevel, memberClass } from './member-class';

const LADDER: McLevel[] = [
  { mc: 2, general_required: 100, regional_required: 50, national_required: 10 },
  { mc: 1, general_required: 0, regional_required: 0, national_required: 0 },
  { mc: 3, general_required: 300, regional_required: 150, national_required: 60 },
];
const totals = (g: number, r: number, n: number) => ({ total_general: g, total_regional: r, total_national: n });

describe('memberClass', () => {
  it('starts at the first rung with nothing', () => {
    expect(memberClass(totals(0, 0, 0), LADDER)).toEqual({ mc: 1, next: { mc: 2, general: 100, regional: 50, national: 10 } });
  });
  it('needs all three requirements of a class', () => {
    expect(memberClass(totals(500, 500, 9), LADDER).mc).toBe(1);
    expect(memberClass(totals(100, 50, 10), LADDER).mc).toBe(2);
  });
  it('tells what the next class still needs, never below zero', () => {
    expect(memberClass(totals(120, 40, 70), LADDER)).toEqual({ mc: 1, next: { mc: 2, general: 0, regional: 10, national: 0 } });
  });
  it('has no next class at the top of the ladder', () => {
    expect(memberClass(totals(1000, 1000, 1000), LADDER)).toEqual({ mc: 3, next: null });
  });
  it('is 0 without a ladder rung reached', () => {
    expect(memberClass(totals(5, 5, 5), [{ mc: 1, general_required: 10, regional_required: 0, national_required: 0 }])).toEqual({
      mc: 0,
      next: { mc: 1, general: 5, regional: 0, national: 0 },
    });
  });
});

describe('ladderBreak', () => {
  it('accepts a cumulative ladder in any order and names the first rung needing less than the one below', () => {
    expect(ladderBreak(LADDER)).toBeNull();
    expect(ladderBreak([...LADDER, { mc: 4, general_required: 400, regional_required: 100, national_required: 90 }])).toBe(4);
  });
});
