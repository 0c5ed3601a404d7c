// Issue 28: a member's personal calendar (iCalendar) at a private URL that can be revoked and renewed: the games
// they signed up for and the games of the venues their characters play at.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import icalGenerator, { ICalEventStatus } from 'ical-generator';
import { calendarFeeds, characters, gameSignups, games, locations, type Db, type Tx, users, venues } from '../../db/index';
import { gamesErrors } from './games.errors';

const FEED_PAST_DAYS = 30;
const FEED_LIMIT = 500;

export const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/${token}.ics`;

export async function feedToken(db: Db, id_user: number): Promise<string | null> {
  const [feed] = await db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.id_user, id_user));
  return feed?.token ?? null;
}

/** A new private address; the old one stops answering. */
export async function renewFeed(db: Db, id_user: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .insert(calendarFeeds)
    .values({ id_user, token })
    .onConflictDoUpdate({ target: calendarFeeds.id_user, set: { token, created_at: sql`now()` } });
  return token;
}

export async function revokeFeed(db: Db | Tx, id_user: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.id_user, id_user));
}

/**
 * The calendar behind a token, as iCalendar text; 404 for a token revoked, renewed or never given, and for a member
 * deactivated (erasure deactivates too): their address stops answering as a revoked one does.
 */
export async function calendarFor(db: Db, token: string, publicUrl: string): Promise<string> {
  const [feed] = await db
    .select({ id_user: calendarFeeds.id_user })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id_user, calendarFeeds.id_user))
    .where(and(eq(calendarFeeds.token, token), eq(users.is_disabled, false)));
  if (!feed) throw gamesErrors.feedNotFound();
  const id_user = feed.id_user;
  const signedUp = db
    .select({ id: gameSignups.id_game })
    .from(gameSignups)
    .where(and(eq(gameSignups.id_user, id_user), sql`${gameSignups.status} <> 'cancelled'`));
  const myVenues = db
    .select({ id: characters.id_venue })
    .from(characters)
    .where(and(eq(characters.id_user, id_user), eq(characters.character_status, 'Active')));
  const rows = await db
    .select({
      id_game: games.id_game,
      game_name: games.game_name,
      starts_at: games.starts_at,
      ends_at: games.ends_at,
      time_zone: games.time_zone,
      place: games.place,
      description: games.description,
      status: games.status,
      updated_at: games.updated_at,
      venue_name: venues.venue_name,
      location_name: locations.location_name,
    })
    .from(games)
    .innerJoin(locations, eq(locations.id_location, games.id_location))
    .leftJoin(venues, eq(venues.id_venue, games.id_venue))
    .where(
      and(
        gte(games.ends_at, sql`now() - make_interval(days => ${FEED_PAST_DAYS})`),
        or(inArray(games.id_game, signedUp), inArray(games.id_venue, myVenues)),
      ),
    )
    .orderBy(asc(games.starts_at), asc(games.id_game))
    .limit(FEED_LIMIT);
  const host = new URL(publicUrl).hostname;
  const calendar = icalGenerator({ name: 'Guildhall games', prodId: { company: 'Guildhall', product: 'games' } });
  for (const game of rows) {
    calendar.createEvent({
      id: `game-${game.id_game}@${host}`,
      start: game.starts_at,
      end: game.ends_at,
      summary: game.status === 'cancelled' ? `Cancelled: ${game.game_name}` : game.game_name,
      location: game.place,
      description: [game.venue_name ?? game.location_name, game.description].filter(Boolean).join('\n\n'),
      url: `${publicUrl}/games/${game.id_game}`,
      status: game.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      lastModified: game.updated_at,
    });
  }
  return calendar.toString();
}
