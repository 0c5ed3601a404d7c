// Issue 26: the exports, each a keyset walk of its list's rows, mapped to CSV rows. A list sorted by a column
// other than its key goes out in key order: the file is for a spreadsheet, which sorts as its reader likes.
import { IMPORT_COLUMNS } from '@guildhall/shared/schemas/data-exchange';
import type { AuditQuery, MembersQuery } from '@guildhall/shared/schemas/administration';
import { and, asc, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import { anyOf, auditLog, characters, prestige, users, type Db } from '../../db/index';
import { auditRowColumns, auditWhere } from '../audit/audit.service';
import { selectCharacterRowsWithPlayers } from '../characters/character-rows';
import { sheetCharacterColumns } from '../characters/style-sheet-characters.service';
import { memberListColumns, membersWhere, type Reach } from '../coordinator/coordinator.service';
import { domainCodes } from '../locations/locations.service';
import { prestigeEntryColumns, reviewers } from '../prestige/prestige.service';
import { characterVssStatus } from '@guildhall/shared/rules/vss-status';
import { EXPORT_BATCH, keysetBatches } from './csv-write';

type Filters<Q> = Omit<Q, 'sortBy' | 'direction' | 'page' | 'count'>;

export const AUDIT_HEADER = ['id', 'at', 'by', 'by_name', 'action', 'entity', 'entity_id', 'before', 'after', 'note'];

export async function* auditRows(db: Db, query: Filters<AuditQuery>) {
  const where = auditWhere(query);
  const batches = keysetBatches(
    (after: number | undefined) =>
      db
        .select(auditRowColumns)
        .from(auditLog)
        .leftJoin(users, eq(users.id_user, auditLog.id_user))
        .where(and(where, after === undefined ? undefined : lt(auditLog.id, after)))
        .orderBy(desc(auditLog.id))
        .limit(EXPORT_BATCH),
    (row) => row.id,
  );
  for await (const batch of batches) {
    yield batch.map((r) => [r.id, r.at, r.id_user, r.by_name, r.action, r.entity, r.entity_id, r.before, r.after, r.note]);
  }
}

/** A ledger's entries, newest first, with the awarding member's and the member's membership numbers. */
function prestigeBatches(db: Db, whose: SQL) {
  return keysetBatches(
    (after: number | undefined) =>
      db
        .select({ ...prestigeEntryColumns, user_camnum: users.user_camnum, reviewer_camnum: reviewers.user_camnum })
        .from(prestige)
        .innerJoin(users, eq(users.id_user, prestige.id_user))
        .leftJoin(reviewers, eq(reviewers.id_user, prestige.id_reviewer))
        .where(and(whose, after === undefined ? undefined : lt(prestige.id_prestige, after)))
        .orderBy(desc(prestige.id_prestige))
        .limit(EXPORT_BATCH),
    (row) => row.id_prestige,
  );
}

type LedgerRow = Awaited<ReturnType<typeof prestigeBatches>> extends AsyncGenerator<(infer R)[]> ? R : never;

/** The calendar day a ledger file gives an entry (its UTC date); the prestige import matches entries by it. */
export const ledgerDate = (at: Date) => at.toISOString().slice(0, 10);

/** A ledger entry in the columns the prestige import reads, so an exported ledger opens back as an import. */
export const LEDGER_HEADER = IMPORT_COLUMNS.prestige;

const ledgerCells = (r: LedgerRow) => [
  r.user_camnum,
  ledgerDate(r.prestige_datetime),
  r.prestige_category,
  r.prestige_general,
  r.prestige_regional,
  r.prestige_national,
  r.prestige_usable_general,
  r.prestige_description,
  r.reviewer_camnum,
];

/** A member's ledger. */
export async function* prestigeRows(db: Db, id_user: number) {
  for await (const batch of prestigeBatches(db, eq(prestige.id_user, id_user))) yield batch.map(ledgerCells);
}

/** A domain's ledger: the entries of the members whose home is one of `homes`. */
export async function* domainPrestigeRows(db: Db, homes: number[]) {
  for await (const batch of prestigeBatches(db, anyOf(users.id_location, homes))) yield batch.map(ledgerCells);
}

/** My members in the import's member columns (those the list shows), then whether the address bounces. */
export const MEMBERS_HEADER = [
  'membership_number',
  'first_name',
  'middle_name',
  'last_name',
  'email',
  'type',
  'expiry',
  'domain_code',
  'email_bouncing',
  'deactivated',
];

export async function* memberRows(db: Db, reach: Reach, query: Filters<MembersQuery>) {
  const where = membersWhere(reach, query);
  const codes = await domainCodes(db);
  const batches = keysetBatches(
    (after: number | undefined) =>
      db
        .select(memberListColumns)
        .from(users)
        .where(and(where, after === undefined ? undefined : gt(users.id_user, after)))
        .orderBy(asc(users.id_user))
        .limit(EXPORT_BATCH),
    (row) => row.id_user,
  );
  for await (const batch of batches) {
    yield batch.map((m) => [
      m.user_camnum,
      m.user_fname,
      m.user_mname,
      m.user_lname,
      m.email,
      m.user_type,
      m.user_expiration,
      m.id_location ? (codes.get(m.id_location) ?? null) : null,
      m.email_bouncing,
      m.is_disabled,
    ]);
  }
}

/** A style sheet's characters as its list shows them (SPEC §4), in the list's default order. */
export const VENUE_CHARACTERS_HEADER = [
  'id',
  'character',
  'player',
  'membership_number',
  'type',
  'subtype',
  'status',
  'vss_status',
  'sign_response',
];

export async function* venueCharacterRows(db: Db, id_venue: number) {
  const batches = keysetBatches(
    (after: number | undefined) =>
      selectCharacterRowsWithPlayers(db, sheetCharacterColumns)
        .where(and(eq(characters.id_venue, id_venue), after === undefined ? undefined : gt(characters.id_character, after)))
        .orderBy(asc(characters.id_character))
        .limit(EXPORT_BATCH),
    (row) => row.id_character,
  );
  for await (const batch of batches) {
    yield batch.map((c) => [
      c.id_character,
      c.character_name,
      c.player_name,
      c.user_camnum,
      c.type_name,
      c.subtype_name,
      c.character_status,
      characterVssStatus({ ...c, id_venue }),
      c.sign_response,
    ]);
  }
}
