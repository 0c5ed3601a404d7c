// Prestige points typed in a form or read from a spreadsheet: digits only, so 1e3 or 0x10 is refused, not 1000 or 16.
import { describe, expect, it } from 'vitest';
import { prestigeAddSchema } from './prestige';

const entry = (general: unknown) => ({
  id_user: 7,
  prestige_general: general,
  prestige_regional: '0',
  prestige_national: 0,
  prestige_usable_general: '0',
  prestige_category: 'Administration',
  prestige_description: 'Ran the door',
});
const problem = (general: unknown) => {
  const result = prestigeAddSchema.safeParse(entry(general));
  return result.success ? result.data.prestige_general : result.error.issues[0]?.message;
};

describe('prestige points', () => {
  it('reads digits as a whole number, and refuses what only JavaScript reads as one', () => {
    expect(problem('12')).toBe(12);
    expect(problem(' 3 ')).toBe(3);
    expect(problem(5)).toBe(5);
    for (const text of ['1e3', '0x10', '0b11', '5.', '.5']) expect(problem(text)).toBe('general must be a number');
    expect(problem('1.5')).toBe('general must be a whole number');
  });
});
