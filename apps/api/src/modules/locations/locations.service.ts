// Locations (domains) with their SPEC §3 codes, a domain's content, and a location's venues.
import { domainCode, indexLocations } from '@guildhall/shared/rules/locations';
import { type ListResult, listEnvelope } from '@guildhall/shared/schemas/envelope';
import {
  type DomainContent,
  type Location,
  locationSchema,
  type VenueSummary,
  type VenuesOfDomainQuery,
} from '@guildhall/shared/schemas/locations';
import { asc, count, eq, or } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { rememberedUntilChange, locations, users, venues, venueTypes, pagedList, type Db, type Tx } from '../../db/index';
import { locationsErrors } from './locations.errors';
import { positionsOfLocation } from '../positions/positions.service';
import { personName } from '../users/person-name';

export const locationNotFound = locationsErrors.notFound;

async function readLocations(db: Db | Tx): Promise<readonly Location[]> {
  const rows = await db.select().from(locations).orderBy(asc(locations.location_type), asc(locations.location_name));
  const byId = indexLocations(rows);
  // Shared by every request until a write (below): frozen, so no caller can change it for the others.
  return Object.freeze(rows.map(({ id_parent: _, ...row }) => Object.freeze({ ...row, domain_code: domainCode(row, byId) })));
}
const rememberedLocations = rememberedUntilChange(['locations'], readLocations);

/** Every location with its domain code, kept until a location is written; a transaction reads its own. */
export function listLocations(db: Db | Tx): Promise<readonly Location[]> {
  return db instanceof PgTransaction ? readLocations(db) : rememberedLocations(db);
}

/** Each location's domain code by its id (lists that show a member's or a post's domain), kept as listLocations. */
export const domainCodes = rememberedUntilChange(
  ['locations'],
  async (db) => new Map((await listLocations(db)).map((l) => [l.id_location, l.domain_code])),
);

/** GET /domains's answer, serialised and encoded once per change of the locations (the list grows with the society: 85 KB
 * at 100,000 members, which encoding again for every request cost more than sending). */
export const domainsBody = rememberedUntilChange(['locations'], async (db) => {
  const rows = await listLocations(db);
  return Buffer.from(JSON.stringify(listEnvelope(locationSchema).parse({ result: { rows, count: rows.length } })));
});

/** Locations whose ancestor list holds any of the given ids. */
export async function locationsByParents(db: Db, parentIds: number[]): Promise<Location[]> {
  const all = await listLocations(db);
  const wanted = new Set(parentIds);
  return all.filter((l) => (l.id_parent_location ?? '').split(',').some((id) => wanted.has(Number(id))));
}

export async function venuesOfLocation(db: Db, id_location: number, paging: VenuesOfDomainQuery): Promise<ListResult<VenueSummary>> {
  const where = eq(venues.id_location, id_location);
  return pagedList(db, paging, {
    rows: () =>
      db
        .select({
          id_venue: venues.id_venue,
          venue_name: venues.venue_name,
          venue_type: venueTypes.venue_type,
          id_user_st: venues.id_user_st,
          storyteller_name: personName(users),
        })
        .from(venues)
        .innerJoin(venueTypes, eq(venueTypes.id_venue_type, venues.id_venue_type))
        .leftJoin(users, eq(users.id_user, venues.id_user_st))
        .where(where)
        .$dynamic(),
    count: () => db.select({ n: count() }).from(venues).where(where),
    sortable: { venue_name: venues.venue_name, id_venue: venues.id_venue },
    tieBreak: venues.id_venue,
  });
}

/** SPEC §2 Domain List content of the selected domain (the last of `ids`, which are its parents plus itself). */
export async function domainContent(db: Db, ids: number[]): Promise<DomainContent> {
  const selected = ids.at(-1)!;
  const all = await listLocations(db);
  const location = all.find((l) => l.id_location === selected);
  if (!location) throw locationNotFound();
  const [tbl_positions, tbl_venues] = await Promise.all([
    positionsOfLocation(db, selected, { includeVenuePosts: false }),
    venuesOfLocation(db, selected, { sortBy: 'venue_name', direction: 'asc', page: 1, count: 100 }),
  ]);
  return {
    id_location: selected,
    location_name: location.location_name,
    domain_code: location.domain_code,
    tbl_positions,
    tbl_venues: tbl_venues.rows,
  };
}

export async function locationExists(db: Db, id_location: number) {
  const [row] = await db
    .select({ id: locations.id_location })
    .from(locations)
    .where(or(eq(locations.id_location, id_location)));
  return Boolean(row);
}
