// The society generator (DESIGN §9): the same deterministic society for the demo, the tests and — at any
// size — the benchmarks. Everything is written in one transaction.
import { LOCATION_TYPE, POSITION_TYPES, type PositionType, USER_TYPES } from '@guildhall/shared/constants';
import { ancestorIds, childAncestorList, indexLocations } from '@guildhall/shared/rules/locations';
import { sql } from 'drizzle-orm';
import type { Tx } from '../types';
import * as s from '../schema/index';
import { seedApprovals, seedCharacters, seedDocumentation, seedPrestige } from './generate-records';
import { createRandom, type Random } from './random';
import { daysBefore, groupBy, insertAll, insertIds, isoDate, type Loc } from './seed-rows';
import * as text from './texts';

export { REFERENCE_DATE } from './seed-rows';

const US_REGIONS = [
  ['NE', 'Northeast'],
  ['SE', 'Southeast'],
  ['MW', 'Midwest'],
  ['SW', 'Southwest'],
  ['PA', 'Pacific'],
] as const;
const OTHER_REGIONS = [
  ['CA', 'Canada'],
  ['UK', 'United Kingdom'],
] as const;
export const VENUE_TYPES = ['Camarilla', 'Anarch', 'Sabbat', 'Werewolf', 'Changeling', 'Mage', 'Hunter', 'Tabletop'] as const;

export interface SocietySummary {
  root: Loc;
  us: Loc;
  locations: Loc[];
  domains: Loc[];
  memberIds: number[];
  venueIds: number[];
}

async function insertLocation(
  tx: Tx,
  parent: Loc | null,
  row: { location_name: string; location_code: string; location_type: number },
): Promise<Loc> {
  const [created] = await tx
    .insert(s.locations)
    .values({ ...row, id_parent: parent?.id_location ?? null, id_parent_location: parent ? childAncestorList(parent) : null })
    .returning();
  return created!;
}

async function buildLocations(tx: Tx, r: Random, scale: number) {
  const root = await insertLocation(tx, null, { location_name: 'International', location_code: 'INT', location_type: LOCATION_TYPE.ROOT });
  const us = await insertLocation(tx, null, { location_name: 'United States', location_code: 'US', location_type: LOCATION_TYPE.REGION });
  const regions: Loc[] = [];
  for (const [code, name] of US_REGIONS)
    regions.push(await insertLocation(tx, us, { location_name: name, location_code: code, location_type: LOCATION_TYPE.US_REGION }));
  for (const [code, name] of OTHER_REGIONS)
    regions.push(await insertLocation(tx, root, { location_name: name, location_code: code, location_type: LOCATION_TYPE.REGION }));
  const domains: Loc[] = [];
  let city = 0;
  const perRegion = Math.max(4, Math.round(5 * Math.sqrt(scale)));
  for (const region of regions) {
    const count = region.location_type === LOCATION_TYPE.US_REGION ? perRegion : Math.max(3, Math.round(perRegion / 2));
    for (let i = 0; i < count; i++) {
      const name = `${text.CITY_NAMES[city % text.CITY_NAMES.length]}${city >= text.CITY_NAMES.length ? ` ${Math.floor(city / text.CITY_NAMES.length) + 1}` : ''}`;
      city++;
      const domain = await insertLocation(tx, region, {
        location_name: name,
        location_code: String(i * 3 + 1 + r.int(0, 2)).padStart(3, '0'),
        location_type: LOCATION_TYPE.DOMAIN,
      });
      domains.push(domain);
      if (i === 0) {
        domains.push(
          await insertLocation(tx, domain, {
            location_name: `${name} Outskirts`,
            location_code: 'A',
            location_type: LOCATION_TYPE.SUB_DOMAIN,
          }),
        );
      }
    }
  }
  return { root, us, regions, domains, all: [root, us, ...regions, ...domains] };
}

/** Seeds a whole society of `members` members. Every member's password hash is `passwordHash`. */
export async function seedSociety(tx: Tx, opts: { members: number; passwordHash: string; seed?: number }): Promise<SocietySummary> {
  const r = createRandom(opts.seed ?? 1867);
  const scale = Math.max(1, opts.members / 240);
  const { root, us, regions, domains, all } = await buildLocations(tx, r, scale);
  const byIdForCodes = indexLocations(all);
  const byId = byIdForCodes;
  const countryOf = (loc: Loc) => {
    const ancestors = ancestorIds(loc);
    if (ancestors.includes(us.id_location)) return 'US';
    return ancestors.map((id) => byId.get(id)).find((a) => a?.location_type === LOCATION_TYPE.REGION)?.location_code ?? 'XX';
  };

  // Members
  const memberRows: (typeof s.users.$inferInsert)[] = [];
  const homeOf: Loc[] = [];
  for (let i = 0; i < opts.members; i++) {
    const home = domains[i % domains.length]!;
    homeOf.push(home);
    const joined = 2008 + (i % 18);
    memberRows.push({
      user_fname: r.pick(text.FIRST_NAMES),
      user_mname: r.chance(0.3) ? r.pick(text.MIDDLE_NAMES) : null,
      user_lname: r.pick(text.LAST_NAMES),
      user_nick: r.chance(0.2) ? r.pick(text.FIRST_NAMES) : null,
      user_prefix: r.chance(0.6) ? r.pick(text.PRONOUNS) : null,
      user_bday: isoDate(daysBefore(365 * r.int(19, 64) + r.int(0, 364))),
      user_camnum: `${countryOf(home)}${joined}${String(i + 1).padStart(6, '0')}`,
      user_type: r.pick(USER_TYPES),
      user_expiration: isoDate(r.chance(0.15) ? daysBefore(r.int(1, 400)) : daysBefore(-r.int(10, 400))),
      id_location: home.id_location,
      password_hash: opts.passwordHash,
    });
  }
  const memberIds = await insertIds(tx, s.users, memberRows, s.users.id_user);
  const membersByLocation = groupBy(memberIds, (_, i) => homeOf[i]!.id_location);

  await insertAll(
    tx,
    s.userEmails,
    memberIds.map((id_user, i) => ({
      id_user,
      email: `${String(memberRows[i]!.user_fname).toLowerCase()}.${String(memberRows[i]!.user_lname)
        .toLowerCase()
        .replace(/[^a-z]/g, '')}.${i + 1}@example.org`,
      is_verified: true,
    })),
  );
  await insertAll(
    tx,
    s.userPhones,
    memberIds
      .filter((_, i) => i % 10 !== 3)
      .map((id_user, i) => ({ id_user, phone_number: `+1 555 ${String(1000 + ((i * 37) % 9000)).padStart(4, '0')}` })),
  );
  await insertAll(
    tx,
    s.userAddresses,
    memberIds
      .filter((_, i) => i % 8 !== 5)
      .map((id_user, i) => ({
        id_user,
        addr_line_1: `${10 + ((i * 7) % 990)} ${text.STREETS[i % text.STREETS.length]}`,
        addr_line_2: i % 4 === 0 ? `Apt ${1 + (i % 30)}` : null,
        addr_city: text.CITY_NAMES[i % text.CITY_NAMES.length]!,
        addr_state: text.STATES[i % text.STATES.length]!,
        addr_zip: i % 9 === 0 ? '' : String(10000 + ((i * 131) % 89999)),
        addr_country: i % 11 === 0 ? null : 'USA',
      })),
  );

  // Venues and positions
  const venueTypes = await insertIds(
    tx,
    s.venueTypes,
    VENUE_TYPES.map((venue_type) => ({ venue_type })),
    s.venueTypes.id_venue_type,
  );
  const venueCount = Math.max(42, Math.round(opts.members / 5.5));
  const venueRows: (typeof s.venues.$inferInsert)[] = [];
  for (let i = 0; i < venueCount; i++) {
    const domain = domains[i % domains.length]!;
    const locals = membersByLocation.get(domain.id_location) ?? memberIds;
    const type = venueTypes[i % venueTypes.length]!;
    venueRows.push({
      venue_name: `${r.pick(text.VENUE_ADJECTIVES)} ${VENUE_TYPES[i % VENUE_TYPES.length]} ${r.pick(text.VENUE_WORDS)} of ${domain.location_name}`,
      venue_style: `${text.paragraph(r, 2)}\n\n${text.paragraph(r, 3)}`,
      id_venue_type: type,
      id_location: domain.id_location,
      id_user_st: r.pick(locals),
    });
  }
  const venueIds = await insertIds(tx, s.venues, venueRows, s.venues.id_venue);
  const venuesByLocation = groupBy(venueIds, (_, i) => venueRows[i]!.id_location);

  const positionRows: (typeof s.positions.$inferInsert)[] = [];
  const addPosition = (pos_type: PositionType, id_location: number, id_user: number | null, id_venue: number | null = null) =>
    positionRows.push({ pos_type, pos_title: POSITION_TYPES[pos_type].title, id_location, id_user, id_venue });
  const holderIn = (loc: Loc) => {
    const pool = [...(membersByLocation.get(loc.id_location) ?? [])];
    if (pool.length === 0)
      for (const d of domains)
        if (d.id_parent_location?.split(',').includes(String(loc.id_location))) pool.push(...(membersByLocation.get(d.id_location) ?? []));
    return pool.length ? r.pick(pool) : r.pick(memberIds);
  };
  addPosition('NC', us.id_location, r.pick(memberIds));
  addPosition('NST', us.id_location, r.pick(memberIds));
  addPosition('ANST', us.id_location, r.pick(memberIds));
  for (const region of regions) {
    addPosition('RC', region.id_location, holderIn(region));
    addPosition('RST', region.id_location, holderIn(region));
    if (r.chance(0.5)) addPosition('ARST', region.id_location, r.chance(0.8) ? holderIn(region) : null);
  }
  for (const domain of domains) {
    addPosition('DC', domain.id_location, r.chance(0.93) ? holderIn(domain) : null);
    addPosition('DST', domain.id_location, r.chance(0.93) ? holderIn(domain) : null);
    if (r.chance(0.4)) addPosition('ADST', domain.id_location, holderIn(domain));
  }
  for (const [i, id] of venueIds.entries()) addPosition('VST', venueRows[i]!.id_location, venueRows[i]!.id_user_st ?? null, id);
  await insertAll(tx, s.positions, positionRows);
  const staffIds = [...new Set(positionRows.map((p) => p.id_user).filter((id): id is number => typeof id === 'number'))];
  const dstOf = new Map(positionRows.filter((p) => p.pos_type === 'DST').map((p) => [p.id_location, p.id_user ?? null]));
  const rstOf = new Map(positionRows.filter((p) => p.pos_type === 'RST').map((p) => [p.id_location, p.id_user ?? null]));
  const nst = positionRows.find((p) => p.pos_type === 'NST')!.id_user ?? null;

  const { characters, characterRows } = await seedCharacters(tx, r, {
    members: opts.members,
    memberIds,
    homeOf,
    venueIds,
    venuesByLocation,
  });
  await seedPrestige(tx, r, memberIds, staffIds);
  await seedApprovals(tx, r, {
    members: opts.members,
    memberIds,
    homeOf,
    byId,
    venueIds,
    venueRows,
    characters,
    characterRows,
    dstOf,
    rstOf,
    nst,
  });
  await seedDocumentation(tx, r);

  return { root, us, locations: all, domains, memberIds, venueIds };
}

/** Each post held at seeding time gets its holding in the history (issue 13), as if taken up well before today. */
export async function recordHoldings(tx: Tx): Promise<void> {
  const since = daysBefore(400).toISOString();
  await tx.execute(
    sql`insert into ${s.positionHolders} (id_position, id_user, started_at) select id_position, id_user, ${since}::timestamptz from ${s.positions} where id_user is not null`,
  );
}
