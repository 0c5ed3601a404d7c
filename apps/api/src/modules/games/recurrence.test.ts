// A series' dates and a game's instants in its own time zone (issue 28).
import { describe, expect, it } from 'vitest';
import { occurrenceDates, zonedRange } from './recurrence';

describe('occurrenceDates', () => {
  it.each([
    ['weekly', '2027-03-03', 3, ['2027-03-03', '2027-03-10', '2027-03-17']],
    ['every_other_week', '2027-03-03', 3, ['2027-03-03', '2027-03-17', '2027-03-31']],
    // The first Wednesday of each month.
    ['monthly_nth_weekday', '2027-03-03', 3, ['2027-03-03', '2027-04-07', '2027-05-05']],
    // The third Saturday, across a year's end.
    ['monthly_nth_weekday', '2027-11-20', 3, ['2027-11-20', '2027-12-18', '2028-01-15']],
    // A fifth Friday becomes the month's last when it has none.
    ['monthly_nth_weekday', '2027-01-29', 3, ['2027-01-29', '2027-02-26', '2027-03-26']],
  ] as const)('%s from %s', (rule, first, count, expected) => {
    expect(occurrenceDates(first, rule, count)).toEqual(expected);
  });
});

describe('zonedRange', () => {
  it('keeps the wall-clock time across the spring change in New York', () => {
    expect(zonedRange('2027-03-13', '19:00', '23:00', 'America/New_York').starts_at.toISOString()).toBe('2027-03-14T00:00:00.000Z');
    expect(zonedRange('2027-03-14', '19:00', '23:00', 'America/New_York').starts_at.toISOString()).toBe('2027-03-14T23:00:00.000Z');
  });

  it('ends the next day when the end is not after the start', () => {
    const { starts_at, ends_at } = zonedRange('2027-06-05', '20:00', '02:00', 'Europe/Berlin');
    expect([starts_at.toISOString(), ends_at.toISOString()]).toEqual(['2027-06-05T18:00:00.000Z', '2027-06-06T00:00:00.000Z']);
  });
});
