// Venues (style sheets): their types, the VSS list, a sheet with its position holders, adding and updating a
// sheet, and its items (the census: census.service.ts).
import { ancestorIds, domainCode, indexLocations, regionOf } from '@guildhall/shared/rules/locations';
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type {
  Venue,
  VenueForm,
  VenueItem,
  VenueItemAdd,
  VenueItemsQuery,
  VenueListFilters,
  VenueListQuery,
  VenueRow,
} from '@guildhall/shared/schemas/venues';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import {
  rememberedUntilChange,
  oncePerDatabase,
  pagedList,
  totalKeyOf,
  locations,
  positionHolders,
  positions,
  tablesChanged,
  users,
  venueItems,
  venues,
  venueTypes,
  type Db,
  type Tx,
} from '../../db/index';
import { escapeLike } from '@guildhall/shared/rules/name-search';
import { writeAudit } from '../audit/audit.service';
import { listLocations } from '../locations/locations.service';
import { positionRank } from '../positions/positions.service';
import { venuesErrors } from './venues.errors';
import type { VenueFacts } from './venues.policy';
import { personName } from '../users/person-name';

export function listVenueTypes(db: Db) {
  return db.select().from(venueTypes).orderBy(asc(venueTypes.venue_type));
}

const storytellerName = personName(users);
/** A case-blind LIKE pattern for text anywhere in a name. */
const containing = (text: string) => `%${escapeLike(text.toLowerCase())}%`;
const contains = (column: SQL | typeof venues.venue_name, text: string) => sql`lower(${column}) like ${containing(text)}`;
/** A sheet's name containing the text, as the placeholder `vssName` of the statements prepared for a name alone. */
const nameContainsPlaceholder = sql`lower(${venues.venue_name}) like ${sql.placeholder('vssName')}`;
const countByName = oncePerDatabase((db) =>
  db.select({ n: count() }).from(venues).where(nameContainsPlaceholder).prepare('vss_count_by_name'),
);

/** Every location by id, kept until a location is written (the list it indexes is kept alike: listLocations). */
const locationsById = rememberedUntilChange(['locations'], async (db) => indexLocations(await listLocations(db)));

/**
 * Domain name and code, region and organization (SPEC §3) of the given locations, from the location tree this
 * process keeps between writes: no statement for a page of sheets.
 */
async function placesOf(db: Db) {
  const byId = await locationsById(db);
  return (id_location: number) => {
    const location = byId.get(id_location);
    const region = location ? regionOf(location, byId) : undefined;
    const root = location ? byId.get(ancestorIds(location)[0] ?? location.id_location) : undefined;
    return {
      domain_name: location?.location_name ?? '',
      domain_code: location ? domainCode(location, byId) : '',
      region_name: region?.location_name ?? null,
      organization: root?.location_name ?? null,
    };
  };
}

/** The location itself or any location below it, for each id (SPEC §3 ancestor lists). */
function atOrBelow(ids: number[]) {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`(${locations.id_location} in (${list}) or string_to_array(${locations.id_parent_location}, ',')::int[] && array[${list}]::int[])`;
}

/** The total for the filters, joining only the tables a filter reads (an unfiltered list counts one table). */
function countOf(db: Db, filters: VenueListFilters, where: SQL | undefined) {
  let query = db.select({ n: count() }).from(venues).$dynamic();
  if (filters.domainIds?.length) query = query.innerJoin(locations, eq(locations.id_location, venues.id_location));
  if (filters.storytellerName) query = query.leftJoin(users, eq(users.id_user, venues.id_user_st));
  return query.where(where);
}

/** The VSS list's sorts that read no joined table. */
const OWN_SORTS: readonly VenueListQuery['sortBy'][] = ['id_venue', 'venue_name'];

/** SPEC §2 VSS list: filters on name, storyteller, venue type and domains (a domain covers the places below it). */
export async function listVenues(
  db: Db,
  query: VenueListQuery,
  filters: VenueListFilters,
  abilitiesOf: (venue: VenueFacts) => Promise<VenueRow['abilities']>,
): Promise<ListResult<VenueRow>> {
  const conditions: SQL[] = [];
  if (filters.vssName) conditions.push(contains(venues.venue_name, filters.vssName));
  if (filters.storytellerName) conditions.push(contains(storytellerName, filters.storytellerName));
  if (filters.venueTypeId) conditions.push(eq(venues.id_venue_type, filters.venueTypeId));
  if (filters.domainIds?.length) conditions.push(atOrBelow(filters.domainIds));
  const where = conditions.length ? and(...conditions) : undefined;
  // A name alone, sorted by the sheet's own columns: one statement per sort, the text a placeholder, built once but
  // planned for each run's text (a generic plan reads the sheets in name order: a rare text walks them all). Its total
  // scans the sheets whatever the text: prepared by name, its plan PostgreSQL's to keep.
  const ownSort = OWN_SORTS.includes(query.sortBy);
  const noOtherFilter = !filters.storytellerName && !filters.venueTypeId && !filters.domainIds?.length;
  const byName = filters.vssName && noOtherFilter && ownSort ? { vssName: containing(filters.vssName) } : undefined;
  const page = await pagedList(db, query, {
    totalKey: totalKeyOf('style sheets', { ...query, ...filters }),
    rows: () =>
      db
        .select({
          id_venue: venues.id_venue,
          venue_name: venues.venue_name,
          id_venue_type: venues.id_venue_type,
          venue_type: venueTypes.venue_type,
          id_location: venues.id_location,
          id_user_st: venues.id_user_st,
          storyteller_name: storytellerName,
        })
        .from(venues)
        .innerJoin(venueTypes, eq(venueTypes.id_venue_type, venues.id_venue_type))
        .innerJoin(locations, eq(locations.id_location, venues.id_location))
        .leftJoin(users, eq(users.id_user, venues.id_user_st))
        .where(byName ? nameContainsPlaceholder : where)
        .$dynamic(),
    count: () => (byName ? countByName(db).execute(byName) : countOf(db, filters, where)),
    sortable: {
      id_venue: venues.id_venue,
      venue_name: sql`lower(${venues.venue_name})`,
      venue_type: venueTypes.venue_type,
      domain_name: sql`lower(${locations.location_name})`,
      storyteller_name: sql`lower(${storytellerName})`,
    },
    tieBreak: venues.id_venue,
    // Unfiltered and sorted by the sheet's own columns: one statement per sort (decision 134).
    prepared: byName ? { name: 'vss_list_by_name', values: byName, plan: 'eachRun' } : where || !ownSort ? undefined : { name: 'vss_list' },
  });
  const placeOf = await placesOf(db);
  const rows = await Promise.all(
    page.rows.map(async (row) => {
      const { organization: _, ...place } = placeOf(row.id_location);
      return { ...row, ...place, abilities: await abilitiesOf({ id_user_st: row.id_user_st }) };
    }),
  );
  return { rows, count: page.count };
}

const factsStatement = oncePerDatabase((db) =>
  db
    .select({ id_user_st: venues.id_user_st })
    .from(venues)
    .where(eq(venues.id_venue, sql.placeholder('id')))
    .prepare('venue_facts'),
);
/** Who runs the sheet (prepared: most of a sheet's pages ask); an unknown id is `missing()` (404, or 400 for a payload's). */
export async function venueFacts(db: Db, id_venue: number, missing = venuesErrors.notFound): Promise<VenueFacts> {
  const [row] = await factsStatement(db).execute({ id: id_venue });
  if (!row) throw missing();
  return row;
}

/** GET /venue/{id}: the overview, the position holders and the text. */
export async function getVenue(db: Db, id_venue: number): Promise<Venue> {
  const [[row], holders] = await Promise.all([
    db
      .select({
        id_venue: venues.id_venue,
        venue_name: venues.venue_name,
        venue_style: venues.venue_style,
        id_venue_type: venues.id_venue_type,
        venue_type: venueTypes.venue_type,
        id_location: venues.id_location,
        id_user_st: venues.id_user_st,
        storyteller_name: storytellerName,
        updated_at: venues.updated_at,
      })
      .from(venues)
      .innerJoin(venueTypes, eq(venueTypes.id_venue_type, venues.id_venue_type))
      .leftJoin(users, eq(users.id_user, venues.id_user_st))
      .where(eq(venues.id_venue, id_venue)),
    db
      .select({
        id_position: positions.id_position,
        pos_type: positions.pos_type,
        pos_title: positions.pos_title,
        id_user: positions.id_user,
        holder_name: storytellerName,
        user_camnum: users.user_camnum,
      })
      .from(positions)
      .leftJoin(users, eq(users.id_user, positions.id_user))
      .where(eq(positions.id_venue, id_venue))
      .orderBy(positionRank, asc(positions.id_position))
      .limit(50),
  ]);
  if (!row) throw venuesErrors.notFound();
  const placeOf = await placesOf(db);
  return { ...row, ...placeOf(row.id_location), positions: holders, updated_at: row.updated_at.toISOString() };
}

async function assertVenueType(tx: Tx, id_venue_type: number) {
  const [type] = await tx.select({ id: venueTypes.id_venue_type }).from(venueTypes).where(eq(venueTypes.id_venue_type, id_venue_type));
  if (!type) throw venuesErrors.unknownVenueType();
}

/** DESIGN §5: a new style sheet is in the caller's domain and run by the caller, who holds its Venue Storyteller post. */
export async function addVenue(db: Db, id_user: number, input: VenueForm): Promise<number> {
  const id_venue = await db.transaction(async (tx) => {
    await assertVenueType(tx, input.id_venue_type);
    const [member] = await tx.select({ id_location: users.id_location }).from(users).where(eq(users.id_user, id_user));
    if (!member?.id_location) throw venuesErrors.noDomain();
    const [created] = await tx
      .insert(venues)
      .values({ ...input, id_location: member.id_location, id_user_st: id_user })
      .returning({ id: venues.id_venue });
    const post = {
      id_location: member.id_location,
      id_venue: created!.id,
      id_user,
      pos_type: 'VST' as const,
      pos_title: 'Venue Storyteller',
    };
    const [position] = await tx.insert(positions).values(post).returning({ id: positions.id_position });
    // The post's history starts with its first holding, and the new post is in the audit log like any other.
    await tx.insert(positionHolders).values({ id_position: position!.id, id_user, started_by: id_user });
    await writeAudit(tx, {
      by: id_user,
      action: 'position.create',
      entity: 'position',
      entityId: position!.id,
      after: post,
      note: 'With a new style sheet',
    });
    return created!.id;
  });
  tablesChanged(db, ['venues', 'positions']);
  return id_venue;
}

/** Holds the sheet (FOR UPDATE); 409 if it went to another storyteller since the caller's right was checked on it. */
async function lockVenueRunBy(tx: Tx, id_venue: number, checked: VenueFacts, missing = venuesErrors.notFound) {
  const [row] = await tx.select({ id_user_st: venues.id_user_st }).from(venues).where(eq(venues.id_venue, id_venue)).for('update');
  if (!row) throw missing();
  if (row.id_user_st !== checked.id_user_st) throw venuesErrors.changedHands();
}

export async function updateVenue(db: Db, id_venue: number, checked: VenueFacts, input: VenueForm) {
  await db.transaction(async (tx) => {
    await assertVenueType(tx, input.id_venue_type);
    await lockVenueRunBy(tx, id_venue, checked);
    await tx
      .update(venues)
      .set({ ...input, updated_at: sql`now()` })
      .where(eq(venues.id_venue, id_venue));
  });
}

export async function listVenueItems(db: Db, id_venue: number, query: VenueItemsQuery): Promise<ListResult<VenueItem>> {
  const where = eq(venueItems.id_venue, id_venue);
  const page = await pagedList(db, query, {
    rows: () =>
      db
        .select({
          id_venue_item: venueItems.id_venue_item,
          id_venue: venueItems.id_venue,
          id_user_st: venueItems.id_user_st,
          name: venueItems.name,
          type: venueItems.type,
          description: venueItems.description,
          created_at: venueItems.created_at,
        })
        .from(venueItems)
        .where(where)
        .$dynamic(),
    count: () => db.select({ n: count() }).from(venueItems).where(where),
    sortable: { name: sql`lower(${venueItems.name})`, type: venueItems.type, id_venue_item: venueItems.id_venue_item },
    tieBreak: venueItems.id_venue_item,
  });
  return { rows: page.rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })), count: page.count };
}

export async function addVenueItem(db: Db, id_user_st: number, checked: VenueFacts, input: VenueItemAdd): Promise<number> {
  return db.transaction(async (tx) => {
    await lockVenueRunBy(tx, input.id_venue, checked, venuesErrors.unknownVenue);
    const [created] = await tx
      .insert(venueItems)
      .values({ ...input, id_user_st })
      .onConflictDoNothing({ target: [venueItems.id_venue, venueItems.type, venueItems.name] })
      .returning({ id: venueItems.id_venue_item });
    if (!created) throw venuesErrors.itemTaken();
    return created.id;
  });
}
