// Issue 28: what the games policy decides on — where a game is (or would be) held and who runs it.
import { isDomain } from '@guildhall/shared/rules/locations';
import type { GameAdd } from '@guildhall/shared/schemas/games';
import { eq, sql } from 'drizzle-orm';
import { anyOfKeys, batchedByKey, type Db, games, locations, oncePerDatabase, venues } from '../../db/index';
import { gamesErrors } from './games.errors';
import type { GameFacts } from './games.policy';

/** Who runs the venue or domain a game would be scheduled at. */
export async function scheduleFacts(db: Db, input: Pick<GameAdd, 'id_venue' | 'id_location'>): Promise<GameFacts> {
  if (input.id_venue !== undefined) {
    const [venue] = await db
      .select({ id_location: venues.id_location, venue_st: venues.id_user_st })
      .from(venues)
      .where(eq(venues.id_venue, input.id_venue));
    if (!venue) throw gamesErrors.noSuchVenue();
    return { id_venue: input.id_venue, ...venue, status: 'scheduled', closed_at: null };
  }
  const [location] = await db
    .select({ type: locations.location_type })
    .from(locations)
    .where(eq(locations.id_location, input.id_location!));
  if (!location || !isDomain({ location_type: location.type })) throw gamesErrors.noSuchDomain();
  return { id_venue: null, id_location: input.id_location!, venue_st: null, status: 'scheduled', closed_at: null };
}

/** The game's facts, read from `games` joined with its venue (`factsOf`); a walk-in search reads them with its own. */
export const gameFactsColumns = {
  id_venue: games.id_venue,
  id_location: games.id_location,
  venue_st: venues.id_user_st,
  status: games.status,
  closed_at: games.closed_at,
  roster_version: games.roster_version,
};

// Read before every call on a game (the door list, a sign-up): prepared by name, planned once per connection. The
// calls that arrive together read their games' facts in one statement (db/per-database.ts `batchedByKey`), as sign-ups at once do.
const factsStatement = oncePerDatabase((db) =>
  db
    .select({ id_game: games.id_game, ...gameFactsColumns })
    .from(games)
    .leftJoin(venues, eq(venues.id_venue, games.id_venue))
    .where(anyOfKeys(games.id_game, sql.placeholder('ids')))
    .prepare('game_facts'),
);
const factsOf = batchedByKey(async (db, ids: number[]) => {
  const rows = await factsStatement(db).execute({ ids });
  return new Map(rows.map(({ id_game, ...facts }) => [id_game, facts]));
});

/** The game read with its facts, or 404 when there is no such game. */
export function foundGame<T>(game: T | undefined): T {
  if (!game) throw gamesErrors.notFound();
  return game;
}

/** The game's facts for the policy; 404 when there is no such game. */
export async function gameFacts(db: Db, id_game: number): Promise<GameFacts> {
  return foundGame(await factsOf(db, id_game));
}
