// Issue 26: a characters file (player's membership number, name, type, subtype, venue, status, virtue, vice,
// concept, opening XP), each row checked as a new character is (the same zod schema, a subtype of its type). A
// character is matched by its player and name (case aside) and an import never changes one already there. A new
// character is Pending on its venue's style sheet, as one made by hand, and its opening balance is an Earn entry
// through the XP log's own statement, so characters.xp_balance and the log agree.
import { membershipNumberOf } from '@guildhall/shared/rules/membership';
import { CHARACTER_STATUSES } from '@guildhall/shared/constants';
import { characterAddSchema } from '@guildhall/shared/schemas/characters';
import { IMPORT_COLUMNS, type ImportReport } from '@guildhall/shared/schemas/data-exchange';
import { inArray, sql } from 'drizzle-orm';
import { characterSubtypes, characterTypes, characters, venues, type Db, type Tx } from '../../db/index';
import { addXpLogIn } from '../characters/xp-log.service';
import { type CsvRow, type CsvSource, type OnProgress, readCsv } from './csv-read';
import { erasedMemberReason } from './erased-members';
import { auditImport, takeImportTurn, type ImportFile, type PlannedAction, previewReport, RowErrors } from './import-kit';
import { chunks, membersByCamnum } from './members-lookup';

export const OPENING_XP_NOTE = 'Opening balance (imported)';

interface PlannedCharacter {
  line: number;
  values: typeof characters.$inferInsert;
  opening_xp: number;
  action: PlannedAction;
}

const COLUMN_OF: Record<string, string> = {
  character_name: 'name',
  character_virtue: 'virtue',
  character_vice: 'vice',
  character_concept: 'concept',
};

/** Lower-case name → ids (names are not unique everywhere: several ids are an ambiguity to report). */
function byName<T>(rows: T[], name: (r: T) => string, id: (r: T) => number) {
  const map = new Map<string, number[]>();
  for (const r of rows) map.set(name(r).toLowerCase(), [...(map.get(name(r).toLowerCase()) ?? []), id(r)]);
  return map;
}

async function lookups(db: Db | Tx) {
  const [types, subtypes, sheets] = [
    await db.select().from(characterTypes),
    await db.select().from(characterSubtypes),
    await db.select({ id: venues.id_venue, name: venues.venue_name }).from(venues),
  ];
  return {
    types: byName(
      types,
      (t) => t.type_name,
      (t) => t.id_type,
    ),
    subtypes: new Map(subtypes.map((s) => [`${s.id_parent_type}:${s.subtype_name.toLowerCase()}`, s.id_subtype])),
    venues: byName(
      sheets,
      (v) => v.name,
      (v) => v.id,
    ),
  };
}

async function existingNames(db: Db | Tx, players: number[]) {
  const names = new Set<string>();
  for (const part of chunks([...new Set(players)])) {
    const rows = await db
      .select({ id_user: characters.id_user, name: sql<string>`lower(${characters.character_name})` })
      .from(characters)
      .where(inArray(characters.id_user, part));
    for (const r of rows) names.add(`${r.id_user}:${r.name}`);
  }
  return names;
}

export async function planCharacters(db: Db | Tx, csv: CsvSource, dry_run: boolean, onProgress?: OnProgress) {
  const errors = new RowErrors();
  const read: CsvRow[] = [];
  const required = ['player_membership_number', 'name', 'type', 'subtype', 'venue', 'virtue', 'vice'];
  for await (const row of readCsv(csv, IMPORT_COLUMNS.characters, required, errors, onProgress)) read.push(row);
  const known = await lookups(db);
  const players = await membersByCamnum(db, read.map((r) => membershipNumberOf(r.values.player_membership_number ?? '')).filter(Boolean));
  const held = await existingNames(
    db,
    [...players.values()].map((p) => p.id_user),
  );
  const inFile = new Map<string, number>();
  const planned: PlannedCharacter[] = [];
  for (const { line, values: v, refused } of read) {
    if (refused) continue;
    let bad = false;
    const flag = (column: string, reason: string) => {
      bad = true;
      errors.add(line, column, reason);
    };
    const camnum = membershipNumberOf(v.player_membership_number ?? '');
    const player = players.get(camnum);
    if (!player) flag('player_membership_number', camnum ? `no member has the membership number ${camnum}` : 'player is a required field');
    else if (player.erased) flag('player_membership_number', erasedMemberReason(camnum));
    else if (player.is_disabled) flag('player_membership_number', `member ${camnum} is deactivated: reactivate them first`);
    const typeIds = known.types.get(v.type?.trim().toLowerCase() ?? '') ?? [];
    if (typeIds.length !== 1) flag('type', `unknown character type ${v.type ?? ''}`);
    const id_subtype = typeIds[0] ? known.subtypes.get(`${typeIds[0]}:${v.subtype?.trim().toLowerCase()}`) : undefined;
    if (typeIds[0] && !id_subtype) flag('subtype', `type ${v.type} has no subtype ${v.subtype ?? ''}`);
    const venueIds = known.venues.get(v.venue?.trim().toLowerCase() ?? '') ?? [];
    if (venueIds.length === 0) flag('venue', `unknown venue ${v.venue ?? ''}`);
    else if (venueIds.length > 1) flag('venue', `venue name ${v.venue} names ${venueIds.length} venues`);
    const status = v.status?.trim() ? CHARACTER_STATUSES.find((s) => s.toLowerCase() === v.status!.trim().toLowerCase()) : 'Active';
    if (!status) flag('status', `unknown status ${v.status}: one of ${CHARACTER_STATUSES.join(', ')}`);
    const xpText = v.opening_xp?.trim() || '0';
    const opening_xp = Number(xpText);
    if (!/^\d+$/.test(xpText) || opening_xp > 100000) flag('opening_xp', 'opening_xp must be a whole number of points, 0 or more');
    const parsed = characterAddSchema.safeParse({
      id_venue: venueIds[0] ?? 1,
      character_name: v.name,
      id_type: typeIds[0] ?? 1,
      id_subtype: id_subtype ?? 1,
      character_virtue: v.virtue?.trim(),
      character_vice: v.vice?.trim(),
      character_concept: v.concept,
    });
    const flagged = new Set<string>();
    for (const issue of parsed.error?.issues ?? []) {
      const column = COLUMN_OF[issue.path.join('.')] ?? 'name';
      if (!flagged.has(column)) flag(column, issue.message);
      flagged.add(column);
    }
    if (bad || !parsed.success || !player || !status) continue;
    const key = `${player.id_user}:${parsed.data.character_name.toLowerCase()}`;
    const twice = inFile.get(key);
    if (twice) {
      flag('name', `duplicate character: the player's ${parsed.data.character_name} is also on line ${twice}`);
      continue;
    }
    inFile.set(key, line);
    const { character_concept, ...rest } = parsed.data;
    const values = { ...rest, id_user: player.id_user, character_concept: character_concept || null, character_status: status };
    planned.push({ line, values, opening_xp, action: held.has(key) ? 'skip' : 'create' });
  }
  return { report: previewReport('characters', dry_run, read.length, planned, errors), planned };
}

/** Plans and writes in one transaction; a file with a bad row writes nothing, one with no new character nothing. */
export async function importCharacters(db: Db, opts: ImportFile): Promise<ImportReport> {
  return db.transaction(async (tx) => {
    await takeImportTurn(tx, 'characters');
    const { report, planned } = await planCharacters(tx, opts.csv, false, opts.onProgress);
    if (report.errors.length) return report;
    const creates = planned.filter((p) => p.action === 'create');
    for (const part of chunks(creates, 500)) {
      const made = await tx
        .insert(characters)
        .values(part.map((p) => ({ ...p.values, being_reviewed: 'no' as const, st_signed: null })))
        .returning({ id: characters.id_character });
      for (const [i, p] of part.entries()) {
        if (p.opening_xp === 0) continue;
        const input = { id_character: made[i]!.id, xp_type: 'Earn' as const, xp_amount: p.opening_xp, xp_description: OPENING_XP_NOTE };
        await addXpLogIn(tx, opts.by, input, null);
      }
    }
    if (creates.length) await auditImport(tx, 'characters', opts, report);
    return { ...report, applied: true };
  });
}
