// The census (SPEC §2 Character Census): style sheets by name, each with the number of characters on it.
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type { VenueCensusQuery, VenueCensusRow } from '@guildhall/shared/schemas/venues';
import { count, eq, sql } from 'drizzle-orm';
import { characters, pagedList, qualified, totalKeyOf, venues, venueTypes, type Db } from '../../db/index';

const charactersOnVenue = sql<number>`(select count(*)::int from ${characters} where ${characters.id_venue} = ${qualified(venues.id_venue)})`;

/** The census: style sheets by name, each with the number of characters on it (any state). */
export async function venuesWithCharacterCount(db: Db, query: VenueCensusQuery): Promise<ListResult<VenueCensusRow>> {
  const page = await pagedList(db, query, {
    totalKey: totalKeyOf('census', query),
    rows: () =>
      db
        .select({
          id_venue: venues.id_venue,
          venue_name: venues.venue_name,
          venue_type: venueTypes.venue_type,
          character_count: charactersOnVenue,
        })
        .from(venues)
        .innerJoin(venueTypes, eq(venueTypes.id_venue_type, venues.id_venue_type))
        .$dynamic(),
    count: () => db.select({ n: count() }).from(venues),
    sortable: { venue_name: sql`lower(${venues.venue_name})` },
    tieBreak: venues.id_venue,
    // No filters: one statement per direction (decision 134), built once.
    prepared: { name: 'census' },
  });
  return { rows: page.rows.map((r) => ({ ...r, character_count: Number(r.character_count) })), count: page.count };
}
