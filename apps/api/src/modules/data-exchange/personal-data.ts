// Issue 26 (GDPR Art. 15 and 20): everything the portal holds about a member, as JSON files in a zip. The tables
// are found by walking the schema, not listed by hand, so a table added later with a user reference is in the
// download without anyone remembering it: every column that references users.id_user (or is named id_user…) but
// an application's approver chain, and the rows of tables that reference the member's characters (XP logs,
// applications) or their applications (their history and escalations). To these the rows held about them under other
// keys (held-about): audit rows about them, failed sign-ins and bounce marks under their e-mail addresses. A row
// about another member that names them only as the one who acted (signed_by, id_reviewer, decided_by…) gives its
// key, their part and when (decision 144).
import { CHAIN_COLUMN } from '@guildhall/shared/rules/approval-workflow';
import { and, getTableColumns, inArray, is, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { strToU8, zipSync } from 'fflate';
import * as dataLayer from '../../db/index';
import { approvalEvents, approvals, auditLog, characters, type Db, users } from '../../db/index';
import { heldAbout, holdsAbout, memberEmails } from './held-about';

/**
 * Columns left out of the download. Secrets are the portal's, not the member's data: hashes and tokens; so is an
 * earlier download's zip (a copy of this same data), and the starts of their names the lookup's index reads
 * (users.name_starts: their names again, cut up).
 */
const LEFT_OUT = /hash|token|secret|^zip_file$|^name_starts$/i;

export interface TableReach {
  name: string;
  table: PgTable;
  /** Columns that hold the id of the member whose row it is (`id_user`). */
  userColumns: PgColumn[];
  /** Columns that hold the id of a member who acted on the row (signed_by, id_reviewer, decided_by, created_by…). */
  actorColumns: PgColumn[];
  /** Columns that hold a character's id. */
  characterColumns: PgColumn[];
  /** Columns that hold an application's id (its history, its escalations). */
  applicationColumns: PgColumn[];
}

/**
 * An application's chain names who may decide it at each level, not whose it is: it reaches an approver only with
 * its level (approvals.policy.ts), and what they decided is theirs in approval_events.
 */
const APPROVAL_CHAIN = new Set<string>(Object.values(CHAIN_COLUMN));
const namesWhoseRow = (table: PgTable, column: PgColumn) => !(table === approvals && APPROVAL_CHAIN.has(column.name));

const referencesTo = (table: PgTable, target: PgTable) => {
  const { foreignKeys } = getTableConfig(table);
  return foreignKeys.flatMap((fk) => {
    const ref = fk.reference();
    return ref.foreignTable === target ? ref.columns : [];
  });
};

/** Every table of the schema that refers to a member, directly or through one of their characters, or holds rows about them. */
export function tablesReferringToMembers(): TableReach[] {
  // The data layer's front door exports every table of the schema (and its helpers, which the filter drops).
  const tables = (Object.values(dataLayer) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
  return tables
    .map((table) => {
      const byName = Object.values(getTableColumns(table)).filter((c) => /^id_user/.test(c.name)) as PgColumn[];
      const members = [...new Set([...referencesTo(table, users), ...(table === users ? [users.id_user] : []), ...byName])].filter(
        (column) => namesWhoseRow(table, column),
      );
      const characterColumns = table === characters ? [] : referencesTo(table, characters);
      const applicationColumns = table === approvals ? [] : referencesTo(table, approvals);
      // In the audit log and an application's history id_user is who acted; the rows about a member are found by
      // their entity (held-about) and by their applications.
      const whose = (column: PgColumn) => column.name === 'id_user' && table !== auditLog && table !== approvalEvents;
      const userColumns = members.filter(whose);
      const actorColumns = members.filter((column) => !whose(column));
      return { name: getTableConfig(table).name, table, userColumns, actorColumns, characterColumns, applicationColumns };
    })
    .filter(
      (t) =>
        t.userColumns.length || t.actorColumns.length || t.characterColumns.length || t.applicationColumns.length || holdsAbout(t.table),
    );
}

function withoutLeftOut(row: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !LEFT_OUT.test(key)));
}

/** What is kept of a row the member only acted on: its key, their part (the actor columns) and its times. */
function actedPart(t: TableReach): Record<string, PgColumn> {
  const columns = Object.entries(getTableColumns(t.table)) as [string, PgColumn][];
  const keys = new Set(getTableConfig(t.table).primaryKeys.flatMap((pk) => pk.columns));
  const kept = columns.filter(([, c]) => c.primary || keys.has(c) || t.actorColumns.includes(c) || c.columnType === 'PgTimestamp');
  return Object.fromEntries(kept);
}

/**
 * Each table's rows about the member, by table name; and, as `<table>.acted`, the rows about others they only acted
 * on, cut to `actedPart` (decision 144).
 */
export async function personalData(db: Db, id_user: number): Promise<Record<string, Record<string, unknown>[]>> {
  const own = await db.select({ id: characters.id_character }).from(characters).where(sql`${characters.id_user} = ${id_user}`);
  const characterIds = own.map((c) => c.id);
  const applied = characterIds.length
    ? await db.select({ id: approvals.id }).from(approvals).where(inArray(approvals.character_id, characterIds))
    : [];
  const applicationIds = applied.map((a) => a.id);
  const emails = await memberEmails(db, id_user);
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const t of tablesReferringToMembers()) {
    const match: SQL[] = [...t.userColumns.map((c) => sql`${c} = ${id_user}`), ...heldAbout(t.table, id_user, emails)];
    if (characterIds.length) match.push(...t.characterColumns.map((c) => inArray(c, characterIds)));
    if (applicationIds.length) match.push(...t.applicationColumns.map((c) => inArray(c, applicationIds)));
    const about = match.length ? or(...match)! : sql`false`;
    const rows = match.length ? await db.select().from(t.table).where(about) : [];
    out[t.name] = (rows as Record<string, unknown>[]).map(withoutLeftOut);
    if (!t.actorColumns.length) continue;
    const acted = await db
      .select(actedPart(t))
      .from(t.table)
      .where(and(or(...t.actorColumns.map((c) => sql`${c} = ${id_user}`)), sql`not coalesce(${about}, false)`));
    if (acted.length) out[`${t.name}.acted`] = acted as Record<string, unknown>[];
  }
  return out;
}

/** The zip: one JSON file per table, and a README saying what each holds. */
export async function personalDataZip(db: Db, id_user: number): Promise<Uint8Array> {
  const data = await personalData(db, id_user);
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(
      `Everything Guildhall holds about member ${id_user}, one JSON file per table, made ${new Date().toISOString()}.\r\n` +
        'Password hashes and sign-in tokens are left out: they are keys, not information about you.\r\n' +
        'A file named <table>.acted.json lists rows about other members that you acted on (a character you signed, ' +
        "prestige you awarded, a check-in you recorded…): each row's key, your part and when, not the other member's data.\r\n",
    ),
  };
  for (const [name, rows] of Object.entries(data)) files[`${name}.json`] = strToU8(JSON.stringify(rows, null, 2));
  return zipSync(files, { level: 6 });
}
