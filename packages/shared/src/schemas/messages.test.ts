import { describe, expect, it } from 'vitest';
import { dateField, optionalText, plainText, requiredText } from './messages';

const problem = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('text fields', () => {
  it.each([
    ['requiredText', requiredText('city')],
    ['optionalText', optionalText('city')],
    ['plainText', plainText('city')],
  ])('%s refuses a NUL character anywhere, naming the field', (_, schema) => {
    for (const value of ['a\u0000b', '\u0000', 'abc\u0000'])
      expect(problem(schema.safeParse(value))).toBe('city must not contain NUL characters');
    expect(schema.safeParse('Crimson Harbor').success).toBe(true);
  });
});

describe('dateField', () => {
  const date = dateField('from');
  it.each([
    ['2024-02-29', undefined],
    ['1900-01-01', undefined],
    ['2999-12-31', undefined],
    ['2023-02-29', 'from must be a real date'],
    ['2024-13-01', 'from must be a real date'],
    ['9999-12-31', 'from must be between 1900-01-01 and 2999-12-31'],
    ['0000-01-01', 'from must be between 1900-01-01 and 2999-12-31'],
    ['1899-12-31', 'from must be between 1900-01-01 and 2999-12-31'],
    ['+275760-09-13', 'from must be a date (YYYY-MM-DD)'],
    ['2024-1-1', 'from must be a date (YYYY-MM-DD)'],
    ['2024-01-01\u0000', 'from must be a date (YYYY-MM-DD)'],
  ])('%s: %s', (value, message) => {
    expect(problem(date.safeParse(value))).toBe(message);
  });
});
