// Issue 28: when a game and a series' occurrences happen. Times are wall-clock times in the game's time zone, so a
// weekly 19:00 game stays at 19:00 local across a daylight-saving change (its UTC instant moves by an hour).
import type { GameRecurrence } from '@guildhall/shared/constants';
import { DateTime } from 'luxon';

/** The instants a game runs between: start and end on the date in the zone; an end not after the start is the next day. */
export function zonedRange(date: string, start: string, end: string, zone: string): { starts_at: Date; ends_at: Date } {
  const starts = DateTime.fromISO(`${date}T${start}`, { zone });
  let ends = DateTime.fromISO(`${date}T${end}`, { zone });
  if (ends <= starts) ends = DateTime.fromISO(`${starts.plus({ days: 1 }).toISODate()}T${end}`, { zone });
  return { starts_at: starts.toJSDate(), ends_at: ends.toJSDate() };
}

/** The nth (1-5) given weekday (1 Monday … 7 Sunday) of a month; a fifth that the month lacks is its last. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): DateTime {
  const first = DateTime.fromObject({ year, month, day: 1 });
  const day = first.plus({ days: ((weekday - first.weekday + 7) % 7) + (nth - 1) * 7 });
  return day.month === month ? day : day.minus({ weeks: 1 });
}

/** The dates (YYYY-MM-DD) of a series' occurrences, the first date included. */
export function occurrenceDates(first: string, rule: GameRecurrence, count: number): string[] {
  const start = DateTime.fromISO(first);
  const nth = Math.ceil(start.day / 7);
  return Array.from({ length: count }, (_, i) => {
    if (rule === 'weekly') return start.plus({ weeks: i }).toISODate()!;
    if (rule === 'every_other_week') return start.plus({ weeks: 2 * i }).toISODate()!;
    const month = start.plus({ months: i });
    return nthWeekday(month.year, month.month, start.weekday, nth).toISODate()!;
  });
}

/** The game's local date and start, as members read it ('Oct 2, 2026'), in its own time zone. */
export function localDate(at: Date, zone: string): string {
  return DateTime.fromJSDate(at, { zone }).toFormat('LLL d, yyyy');
}

/** The local wall-clock time of an instant ('19:00'). */
export function localTime(at: Date, zone: string): string {
  return DateTime.fromJSDate(at, { zone }).toFormat('HH:mm');
}

export function localIsoDate(at: Date, zone: string): string {
  return DateTime.fromJSDate(at, { zone }).toISODate()!;
}
