// Issue 26: a prestige history file, one entry a row, checked as an award by hand is (the same zod schema). An
// entry has no number of its own, so a row is already imported when the member holds an identical entry (UTC day,
// category, the four amounts, description); a file may repeat an entry, and then it needs as many. History is
// not news: imported entries send no notice.
import { membershipNumberOf } from '@guildhall/shared/rules/membership';
import { IMPORT_COLUMNS, type ImportReport } from '@guildhall/shared/schemas/data-exchange';
import { dateField } from '@guildhall/shared/schemas/messages';
import { type PrestigeAdd, prestigeAddSchema } from '@guildhall/shared/schemas/prestige';
import { inArray } from 'drizzle-orm';
import { prestige, tablesChanged, type Db, type Tx } from '../../db/index';
import { type CsvRow, type CsvSource, type OnProgress, readCsv } from './csv-read';
import { erasedMemberReason } from './erased-members';
import { ledgerDate } from './exports.service';
import { auditImport, takeImportTurn, type ImportFile, type PlannedAction, previewReport, RowErrors } from './import-kit';
import { chunks, membersByCamnum } from './members-lookup';

type Entry = Omit<PrestigeAdd, 'id_user'> & { id_user: number; id_reviewer: number | null; prestige_datetime: Date };
interface PlannedEntry {
  line: number;
  entry: Entry;
  action: PlannedAction;
}

const COLUMN_OF: Record<string, string> = {
  prestige_general: 'general',
  prestige_regional: 'regional',
  prestige_national: 'national',
  prestige_usable_general: 'vip',
  prestige_category: 'category',
  prestige_description: 'description',
};
const dateOf = dateField('date');
// By the day, not the instant: a file has only the date, and a ledger exported with portal awards (made at a time
// of day) must go back in as entries already held.
const keyOf = (e: Omit<Entry, 'id_reviewer'>) =>
  [
    e.id_user,
    ledgerDate(e.prestige_datetime),
    e.prestige_category,
    e.prestige_general,
    e.prestige_regional,
    e.prestige_national,
    e.prestige_usable_general,
    e.prestige_description,
  ].join('|');

/** How many identical entries each member already holds, by entry key. */
async function heldEntries(db: Db | Tx, ids: number[]) {
  const held = new Map<string, number>();
  for (const part of chunks([...new Set(ids)])) {
    const rows = await db.select().from(prestige).where(inArray(prestige.id_user, part));
    for (const r of rows) held.set(keyOf(r), (held.get(keyOf(r)) ?? 0) + 1);
  }
  return held;
}

export async function planPrestige(db: Db | Tx, csv: CsvSource, dry_run: boolean, onProgress?: OnProgress) {
  const errors = new RowErrors();
  const read: CsvRow[] = [];
  const required = ['membership_number', 'date', 'category', 'general', 'regional', 'national', 'description'];
  for await (const row of readCsv(csv, IMPORT_COLUMNS.prestige, required, errors, onProgress)) read.push(row);
  const ids = await membersByCamnum(
    db,
    read
      .flatMap((r) => [membershipNumberOf(r.values.membership_number ?? ''), membershipNumberOf(r.values.awarded_by ?? '')])
      .filter(Boolean),
  );
  // An erased member's entry already held (a ledger exported before the erasure) is skipped like any other; only a new
  // one is refused (decision 138).
  const valid: (Omit<PlannedEntry, 'action'> & { erased: string | null })[] = [];
  for (const { line, values: v, refused } of read) {
    if (refused) continue;
    let bad = false;
    const flag = (column: string, reason: string) => {
      bad = true;
      errors.add(line, column, reason);
    };
    const camnum = membershipNumberOf(v.membership_number ?? '');
    const id_user = ids.get(camnum)?.id_user;
    if (!camnum) flag('membership_number', 'membership number is a required field');
    else if (!id_user) flag('membership_number', `no member has the membership number ${camnum}`);
    const by = membershipNumberOf(v.awarded_by ?? '');
    if (by && !ids.has(by)) flag('awarded_by', `no member has the membership number ${by}`);
    const date = dateOf.safeParse(v.date);
    if (!date.success) flag('date', date.error.issues[0]!.message);
    const parsed = prestigeAddSchema.safeParse({
      id_user: id_user ?? 1,
      prestige_general: v.general,
      prestige_regional: v.regional,
      prestige_national: v.national,
      prestige_usable_general: v.vip?.trim() ? v.vip : '0',
      prestige_category: v.category?.trim(),
      prestige_description: v.description,
    });
    const flagged = new Set<string>();
    for (const issue of parsed.error?.issues ?? []) {
      const column = COLUMN_OF[issue.path.join('.')] ?? 'description';
      if (!flagged.has(column)) flag(column, issue.message);
      flagged.add(column);
    }
    if (bad || !parsed.success || !date.success || !id_user) continue;
    const entry = {
      ...parsed.data,
      id_user,
      id_reviewer: by ? ids.get(by)!.id_user : null,
      // Noon UTC is the file's day for every reader from UTC-11 to UTC+11 (midnight showed the day before in the
      // Americas), and its UTC day is still the one keyOf compares.
      prestige_datetime: new Date(`${date.data}T12:00:00Z`),
    };
    valid.push({ line, entry, erased: ids.get(camnum)!.erased ? camnum : null });
  }
  const held = await heldEntries(
    db,
    valid.map((v) => v.entry.id_user),
  );
  const planned: PlannedEntry[] = [];
  for (const { erased, ...v } of valid) {
    const key = keyOf(v.entry);
    const left = held.get(key) ?? 0;
    if (left > 0) {
      held.set(key, left - 1);
      planned.push({ ...v, action: 'skip' });
    } else if (erased) errors.add(v.line, 'membership_number', erasedMemberReason(erased));
    else planned.push({ ...v, action: 'create' });
  }
  return { report: previewReport('prestige', dry_run, read.length, planned, errors), planned };
}

/** Plans and writes in one transaction; a file with a bad row writes nothing, one with no new entry nothing. */
export async function importPrestige(db: Db, opts: ImportFile): Promise<ImportReport> {
  const report = await db.transaction(async (tx) => {
    await takeImportTurn(tx, 'prestige');
    const { report, planned } = await planPrestige(tx, opts.csv, false, opts.onProgress);
    if (report.errors.length) return report;
    const creates = planned.filter((p) => p.action === 'create');
    for (const part of chunks(creates, 500)) await tx.insert(prestige).values(part.map((p) => p.entry));
    if (creates.length) {
      await auditImport(tx, 'prestige', opts, report);
    }
    return { ...report, applied: true };
  });
  if (report.applied) tablesChanged(db, ['prestige']);
  return report;
}
