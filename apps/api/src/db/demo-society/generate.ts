// The society generator (DESIGN §9): the same deterministic society for the demo, the tests and — at any
// size — the benchmarks. Everything is written in one transaction.
import {
  APPROVAL_CATEGORIES,
  APPROVAL_LEVELS,
  APPROVAL_STATUSES,
  LOCATION_TYPE,
  POSITION_TYPES,
  type PositionType,
  PRESTIGE_CATEGORIES,
  USER_TYPES,
  VICES,
  VIRTUES,
  XP_TYPES,
} from '@guildhall/shared/constants';
import { levelIndex, levelReached } from '@guildhall/shared/rules/approval-workflow';
import { ancestorIds, childAncestorList, domainCode, indexLocations, regionOf } from '@guildhall/shared/rules/locations';
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../types';
import * as s from '../schema/index';
import { createRandom, type Random } from './random';
import * as text from './texts';
import { settleXpBalances } from './xp-balances';

/** The day the demo society's dates count from, so every run makes the same rows. */
export const REFERENCE_DATE = new Date('2026-11-01T12:00:00Z');
const DAY = 86_400_000;
const daysBefore = (days: number) => new Date(REFERENCE_DATE.getTime() - days * DAY);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

async function insertAll(tx: Tx, table: PgTable, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    if (chunk.length) await tx.insert(table).values(chunk as never);
  }
}

/** Inserts in chunks and answers the new ids, in the order of `rows`. */
async function insertIds(tx: Tx, table: PgTable, rows: object[], id: PgColumn): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    if (!chunk.length) continue;
    const created = (await tx
      .insert(table)
      .values(chunk as never)
      .returning({ id } as never)) as unknown as { id: number }[];
    ids.push(...created.map((row) => row.id));
  }
  return ids;
}

/** Groups values by a key computed from each value and its index. */
function groupBy<V, K>(values: readonly V[], key: (value: V, index: number) => K): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const [i, value] of values.entries()) {
    const k = key(value, i);
    const list = groups.get(k);
    if (list) list.push(value);
    else groups.set(k, [value]);
  }
  return groups;
}

interface Loc {
  id_location: number;
  location_name: string;
  location_code: string;
  location_type: number;
  id_parent_location: string | null;
}

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
export const CHARACTER_TYPES: Record<string, string[]> = {
  Vampire: ['Ventrue', 'Toreador', 'Brujah', 'Nosferatu', 'Gangrel', 'Malkavian', 'Tremere'],
  Werewolf: ['Bone Gnawers', 'Glass Walkers', 'Silver Fangs'],
  Changeling: ['Sidhe', 'Pooka', 'Redcap'],
  Mage: ['Verbena', 'Akashic Brotherhood'],
  Mortal: ['Hunter', 'Ghoul', 'Kinfolk'],
};

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

  // Characters and their experience
  const types = await insertIds(
    tx,
    s.characterTypes,
    Object.keys(CHARACTER_TYPES).map((type_name) => ({ type_name })),
    s.characterTypes.id_type,
  );
  const subtypeRows = Object.values(CHARACTER_TYPES).flatMap((subs, i) =>
    subs.map((subtype_name) => ({ subtype_name, id_parent_type: types[i]! })),
  );
  const subtypes = await insertIds(tx, s.characterSubtypes, subtypeRows, s.characterSubtypes.id_subtype);
  const subtypesOf = groupBy(subtypes, (_, i) => subtypeRows[i]!.id_parent_type);

  const characterRows: (typeof s.characters.$inferInsert)[] = [];
  const characterCount = Math.round(opts.members * 1.8);
  for (let i = 0; i < characterCount; i++) {
    const owner = i % memberIds.length;
    const home = homeOf[owner]!;
    const localVenues = venuesByLocation.get(home.id_location);
    const type = r.pick(types);
    const review = i % 7;
    characterRows.push({
      character_name: `${r.pick(text.CHARACTER_FIRST)} ${r.pick(text.CHARACTER_LAST)}`,
      id_user: memberIds[owner]!,
      id_venue: i % 10 === 9 ? null : localVenues && r.chance(0.85) ? r.pick(localVenues) : r.pick(venueIds),
      id_type: type,
      id_subtype: r.pick(subtypesOf.get(type)!),
      character_virtue: r.pick(VIRTUES),
      character_vice: r.pick(VICES),
      character_concept: r.pick(text.CONCEPTS),
      character_concept_description: text.paragraph(r, 1),
      character_status: i % 17 === 0 ? 'Retired' : i % 23 === 0 ? 'Dead' : i % 13 === 0 ? 'Inactive' : 'Active',
      being_reviewed: review < 2 ? 'no' : 'yes',
      st_signed: review < 2 ? null : review < 5 ? 'yes' : review === 5 ? 'no' : null,
      created_at: daysBefore(r.int(30, 2000)),
    });
  }
  const characters = await insertIds(tx, s.characters, characterRows, s.characters.id_character);

  const xpRows: (typeof s.xpLogs.$inferInsert)[] = [];
  characters.forEach((id_character, i) => {
    let balance = 0;
    const entries = 2 + (i % 7);
    for (let e = 0; e < entries; e++) {
      const xp_type = e === 0 ? 'Creation Dots' : r.pick(XP_TYPES);
      const amount = xp_type === 'Spend' ? -r.int(1, Math.max(1, Math.min(8, balance))) : r.int(1, 10);
      const voided = e > 0 && r.chance(0.05);
      if (!voided) balance += amount;
      xpRows.push({
        id_character,
        xp_datetime: daysBefore(900 - e * 60 - (i % 30)),
        xp_type,
        xp_description:
          xp_type === 'Spend'
            ? 'Raised a discipline'
            : xp_type === 'MC'
              ? 'Member class bonus'
              : xp_type === 'Earn'
                ? 'Attended game'
                : 'Character creation',
        xp_amount: amount,
        xp_balance: balance,
        is_void: voided,
        voided_at: voided ? daysBefore(10) : null,
      });
    }
  });
  await insertAll(tx, s.xpLogs, xpRows);
  await settleXpBalances(tx);

  // Prestige and the member-class ladder
  const prestigeRows: (typeof s.prestige.$inferInsert)[] = [];
  let category = 0;
  memberIds.forEach((id_user, i) => {
    const entries = 3 + (i % 13);
    for (let e = 0; e < entries; e++) {
      const general = r.int(0, 20);
      prestigeRows.push({
        id_user,
        prestige_description: r.pick(text.PRESTIGE_REASONS),
        prestige_category: PRESTIGE_CATEGORIES[category++ % PRESTIGE_CATEGORIES.length]!,
        prestige_general: general,
        prestige_regional: r.int(0, 10),
        prestige_national: r.int(0, 5),
        prestige_usable_general: Math.round(general / 2),
        id_reviewer: r.pick(staffIds),
        prestige_datetime: daysBefore(r.int(1, 5 * 365)),
      });
    }
  });
  await insertAll(tx, s.prestige, prestigeRows);
  await insertAll(
    tx,
    s.mcLevels,
    Array.from({ length: 20 }, (_, i) => {
      const general = i === 0 ? 0 : Math.round(50 * (i + 1) ** 1.6);
      return {
        mc: i + 1,
        general_required: general,
        regional_required: Math.round(general * 0.6),
        national_required: Math.round(general * 0.4),
      };
    }),
  );

  // Approvals with their chains and histories
  const counters = new Map<number, number>();
  const approvalRows: (typeof s.approvals.$inferInsert)[] = [];
  const approvalHistory: { from: string | null; to: string; by: number | null; note: string | null }[][] = [];
  const approvalCount = Math.round(opts.members * 0.7);
  for (let i = 0; i < approvalCount; i++) {
    const ci = (i * 7) % characters.length;
    const row = characterRows[ci]!;
    if (!row.id_venue) continue;
    const venueIndex = venueIds.indexOf(row.id_venue);
    const venueLoc = byId.get(venueRows[venueIndex]!.id_location)!;
    const regionId = regionOf(venueLoc, byId)?.id_location ?? 0;
    const home = homeOf[memberIds.indexOf(row.id_user)]!;
    const next = (counters.get(home.id_location) ?? 0) + 1;
    counters.set(home.id_location, next);
    const status = APPROVAL_STATUSES[i % APPROVAL_STATUSES.length]!;
    const low = venueRows[venueIndex]!.id_user_st ?? null;
    const mid = dstOf.get(venueLoc.id_location) ?? dstOf.get(ancestorIds(venueLoc).at(-1) ?? 0) ?? null;
    const high = rstOf.get(regionId) ?? null;
    const by = status === 'Pending Low' ? row.id_user : status === 'Pending Mid' ? low : status === 'Pending High' ? mid : (high ?? nst);
    approvalRows.push({
      app_number: `${domainCode(home, byId)}-${String(next).padStart(4, '0')}`,
      description: r.pick(text.APPROVAL_ITEMS),
      category: APPROVAL_CATEGORIES[i % APPROVAL_CATEGORIES.length]!,
      justification: text.paragraph(r, 1),
      character_sheet: `Attributes 7/5/3, Abilities 11/7/4. ${text.paragraph(r, 1)}`,
      mechanics: 'As written in the genre packet, with the venue’s house rules.',
      character_background: text.paragraph(r, 2),
      group_name: r.chance(0.3) ? 'The Silver Circle' : null,
      required_approval: APPROVAL_LEVELS[i % APPROVAL_LEVELS.length]!,
      status,
      character_id: characters[ci]!,
      id_user_low: low,
      id_user_mid: mid,
      id_user_high: high,
      id_user_global: nst,
      id_location: venueLoc.id_location,
      created_at: daysBefore(200 - (i % 150)),
      update_date: daysBefore(100 - (i % 90)),
      updated_by: by,
      // The clock of an open application starts at its last move; a closed one reached its required level when approved.
      level_since: daysBefore(100 - (i % 90)),
      level_reached: levelReached(status === 'Approved' ? levelIndex(APPROVAL_LEVELS[i % APPROVAL_LEVELS.length]!) : 0, status),
    });
    const history: (typeof approvalHistory)[number] = [{ from: null, to: 'Pending Low', by: row.id_user, note: 'Submitted' }];
    if (status !== 'Pending Low')
      history.push({
        from: 'Pending Low',
        to: status,
        by,
        note: status === 'Denied' ? 'Does not fit the venue’s genre.' : status === 'Removed' ? 'Withdrawn by the player.' : 'Looks good.',
      });
    approvalHistory.push(history);
  }
  const approvals = await insertIds(tx, s.approvals, approvalRows, s.approvals.id);
  await insertAll(
    tx,
    s.approvalEvents,
    approvals.flatMap((approval_id, i) =>
      approvalHistory[i]!.map((h, step) => ({
        approval_id,
        id_user: h.by,
        from_status: h.from,
        to_status: h.to,
        note: h.note,
        at: daysBefore(200 - (i % 150) - step * 20),
      })),
    ),
  );
  await insertAll(
    tx,
    s.appNumberCounters,
    [...counters].map(([id_location, last_number]) => ({ id_location, last_number })),
  );

  // Documentation
  const folders = ['Bylaws', 'Genre Packets', 'Storyteller Guides', 'Forms'];
  const files = await insertIds(
    tx,
    s.files,
    folders.map((file_name, i) => ({ file_name, created_at: daysBefore(400 - i * 90) })),
    s.files.id_file,
  );
  const encoder = new TextEncoder();
  const documents = files.flatMap((id_file, i) =>
    Array.from({ length: 2 + (i % 3) }, (_, d) => {
      const body = `# ${folders[i]} — part ${d + 1}\n\n${text.paragraph(r, 3)}\n\n${text.paragraph(r, 2)}\n`;
      const data = encoder.encode(body);
      return {
        id_file,
        filename: `${folders[i]!.toLowerCase().replace(/ /g, '-')}-${d + 1}.md`,
        mime_type: 'text/markdown',
        size_bytes: data.byteLength,
        data,
        created_at: daysBefore(380 - i * 90 - d * 7),
      };
    }),
  );
  await insertAll(tx, s.fileContents, documents);

  return { root, us, locations: all, domains, memberIds, venueIds };
}

/** Each post held at seeding time gets its holding in the history (issue 13), as if taken up well before today. */
export async function recordHoldings(tx: Tx): Promise<void> {
  const since = daysBefore(400).toISOString();
  await tx.execute(
    sql`insert into ${s.positionHolders} (id_position, id_user, started_at) select id_position, id_user, ${since}::timestamptz from ${s.positions} where id_user is not null`,
  );
}
