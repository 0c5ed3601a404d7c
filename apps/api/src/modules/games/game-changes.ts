// Issue 28: what those signed up read when a game (or games of its series) changed where or when it happens.
import type { games } from '../../db/index';
import { localDate, localTime } from './recurrence';

type ChangedGame = Pick<typeof games.$inferSelect, 'game_name' | 'starts_at' | 'ends_at' | 'time_zone' | 'place'>;

/** What changed on a game: its start (a move), only its end, its place. */
export interface GameChange {
  started: boolean;
  ended: boolean;
  place: boolean;
}

export const changedAtAll = (c: GameChange) => c.started || c.ended || c.place;

/**
 * The notice for `count` games changed alike, worded from the first of them (its values after the change): a move
 * says the new start, an end-only change the new end, a new place the place.
 */
export function changeNotice(first: ChangedGame, count: number, change: GameChange): string {
  const zone = first.time_zone;
  const [start, end] = [localTime(first.starts_at, zone), localTime(first.ends_at, zone)];
  const subject =
    count === 1 ? `${first.game_name} on ${localDate(first.starts_at, zone)}` : `${first.game_name}: ${count} games of the series`;
  const when = change.started
    ? count === 1
      ? `${first.game_name} moved: it now starts ${localDate(first.starts_at, zone)} at ${start}.`
      : `${first.game_name}: ${count} games of the series moved; they now start at ${start}.`
    : change.ended
      ? `${subject} ${count === 1 ? 'now ends' : 'now end'} at ${end}.`
      : null;
  if (!change.place) return when!;
  const where = count === 1 ? `It is now at ${first.place}.` : `They are now at ${first.place}.`;
  return when ? `${when} ${where}` : `${subject} ${count === 1 ? 'is' : 'are'} now at ${first.place}.`;
}
