// The society generator's records (generate.ts makes the places, members, venues and posts first): characters
// with their experience, prestige and the member-class ladder, applications with their histories, and the
// documentation library. Each takes the generator's random source in the same order as before, so a seed makes the
// same society.
import {
  APPROVAL_CATEGORIES,
  APPROVAL_LEVELS,
  APPROVAL_STATUSES,
  PRESTIGE_CATEGORIES,
  VICES,
  VIRTUES,
  XP_TYPES,
} from '@guildhall/shared/constants';
import { levelIndex, levelReached } from '@guildhall/shared/rules/approval-workflow';
import { xpDelta } from '@guildhall/shared/rules/xp';
import { ancestorIds, domainCode, regionOf } from '@guildhall/shared/rules/locations';
import type { Tx } from '../types';
import * as s from '../schema/index';
import type { Random } from './random';
import { daysBefore, groupBy, insertAll, insertIds, type Loc } from './seed-rows';
import * as text from './texts';
import { settleXpBalances } from './xp-balances';

export const CHARACTER_TYPES: Record<string, string[]> = {
  Vampire: ['Ventrue', 'Toreador', 'Brujah', 'Nosferatu', 'Gangrel', 'Malkavian', 'Tremere'],
  Werewolf: ['Bone Gnawers', 'Glass Walkers', 'Silver Fangs'],
  Changeling: ['Sidhe', 'Pooka', 'Redcap'],
  Mage: ['Verbena', 'Akashic Brotherhood'],
  Mortal: ['Hunter', 'Ghoul', 'Kinfolk'],
};

/** About 1.8 characters a member, mostly on venues of their home domain, each with a few experience entries. */
export async function seedCharacters(
  tx: Tx,
  r: Random,
  society: { members: number; memberIds: number[]; homeOf: Loc[]; venueIds: number[]; venuesByLocation: Map<number, number[]> },
) {
  const { memberIds, homeOf, venueIds, venuesByLocation } = society;
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
  const characterCount = Math.round(society.members * 1.8);
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
      const picked = e === 0 ? 'Creation Dots' : r.pick(XP_TYPES);
      // Counts are positive, as the API takes them; a Spend takes its count away, and never below zero.
      const xp_type = picked === 'Spend' && balance < 1 ? 'Earn' : picked;
      const amount = xp_type === 'Spend' ? r.int(1, Math.min(8, balance)) : r.int(1, 10);
      const voided = e > 0 && r.chance(0.05);
      if (!voided) balance += xpDelta(xp_type, amount);
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
  return { characters, characterRows };
}

/** Prestige entries for every member, reviewed by staff, and the member-class ladder. */
export async function seedPrestige(tx: Tx, r: Random, memberIds: number[], staffIds: number[]) {
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
}

/** Applications along their chains (venue storyteller, domain, region, nation), each with its history. */
export async function seedApprovals(
  tx: Tx,
  r: Random,
  society: {
    members: number;
    memberIds: number[];
    homeOf: Loc[];
    byId: Map<number, Loc>;
    venueIds: number[];
    venueRows: (typeof s.venues.$inferInsert)[];
    characters: number[];
    characterRows: (typeof s.characters.$inferInsert)[];
    dstOf: Map<number, number | null>;
    rstOf: Map<number, number | null>;
    nst: number | null;
  },
) {
  const { memberIds, homeOf, byId, venueIds, venueRows, characters, characterRows, dstOf, rstOf, nst } = society;
  const counters = new Map<number, number>();
  const approvalRows: (typeof s.approvals.$inferInsert)[] = [];
  const approvalHistory: { from: string | null; to: string; by: number | null; note: string | null }[][] = [];
  const approvalCount = Math.round(society.members * 0.7);
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
}

/** The documentation library: four folders of Markdown files. */
export async function seedDocumentation(tx: Tx, r: Random) {
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
}
