// The character search (SPEC §2, GET /characters): every member's characters, by place, type and venue type.
import { childDomains } from '@guildhall/shared/rules/locations';
import { characterVssStatus } from '@guildhall/shared/rules/vss-status';
import type { CharacterSearchQuery, CharacterSearchRow } from '@guildhall/shared/schemas/characters';
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { anyOf, pagedList, totalKeyOf, characterSubtypes, characters, characterTypes, users, venues, type Db } from '../../db/index';
import { listLocations } from '../locations/locations.service';
import {
  appCount,
  byPlayer,
  characterColumns,
  characterJoins,
  playerName,
  selectCharacterRowsWithPlayers,
  vssStatusSql,
} from './character-rows';

/** The sorts whose keys join another table to the characters. */
const SORT_JOINS: Partial<Record<CharacterSearchQuery['sortBy'], 'player' | 'type' | 'subtype'>> = {
  player_name: 'player',
  user_camnum: 'player',
  type_name: 'type',
  subtype_name: 'subtype',
};

/** Character search (SPEC §2): a domain or region filter covers the places below it too. */
export async function searchCharacters(db: Db, query: CharacterSearchQuery): Promise<ListResult<CharacterSearchRow>> {
  const conditions: SQL[] = [];
  const place = query.domain ?? query.region;
  if (place) {
    const all = await listLocations(db);
    const ids = [place, ...childDomains(all, place).map((l) => l.id_location)];
    conditions.push(anyOf(venues.id_location, ids));
  }
  if (query.typeId) conditions.push(eq(characters.id_type, query.typeId));
  if (query.subtypeId) conditions.push(eq(characters.id_subtype, query.subtypeId));
  if (query.venueTypeId) conditions.push(eq(venues.id_venue_type, query.venueTypeId));
  const where = conditions.length ? and(...conditions) : undefined;
  // The page's ids come from a narrow query joining only what its filters and sort read (every character has a
  // player, type and subtype, so leaving those joins out keeps the same rows): the default sort is then ten entries
  // of characters_name_sort_idx, however large the society (issue 8).
  const keys = db.select({ key: characters.id_character }).from(characters).$dynamic();
  if (place || query.venueTypeId) keys.leftJoin(venues, characterJoins.venue);
  const sortJoin = SORT_JOINS[query.sortBy];
  if (sortJoin === 'player') keys.innerJoin(users, characterJoins.player);
  if (sortJoin === 'type') keys.innerJoin(characterTypes, characterJoins.type);
  if (sortJoin === 'subtype') keys.innerJoin(characterSubtypes, characterJoins.subtype);
  const page = await pagedList(db, query, {
    keys: () => keys.where(where),
    totalKey: totalKeyOf('character search', query),
    rows: () =>
      selectCharacterRowsWithPlayers(db, {
        ...characterColumns,
        character_virtue: characters.character_virtue,
        app_count: appCount,
        id_venue: characters.id_venue,
        player_name: playerName,
        user_camnum: users.user_camnum,
        venue_name: venues.venue_name,
      })
        .where(where)
        .$dynamic(),
    count: () => db.select({ n: count() }).from(characters).leftJoin(venues, characterJoins.venue).where(where),
    sortable: {
      character_name: sql`lower(${characters.character_name})`,
      type_name: characterTypes.type_name,
      subtype_name: characterSubtypes.subtype_name,
      character_virtue: characters.character_virtue,
      app_count: appCount,
      player_name: byPlayer,
      user_camnum: users.user_camnum,
      vss_status: vssStatusSql,
    },
    tieBreak: characters.id_character,
    // Unfiltered, a page is one statement prepared per sort. Sorted by the character's own columns its plan is kept
    // (as the lookup's whole society). Through a join, a plan not knowing the limit is a parallel one over the characters:
    // PostgreSQL plans it for the page's values, unless a generic plan costs no more (a small society, where planning is the cost).
    prepared: where ? undefined : { name: 'character_search_page', plan: sortJoin ? 'cached' : undefined },
  });
  return {
    rows: page.rows.map((row) => ({ ...row, app_count: Number(row.app_count), vss_status: characterVssStatus(row) })),
    count: page.count,
  };
}
