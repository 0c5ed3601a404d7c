// Issue 26: a positions file (location code, position type, holder's membership number, since). A post is matched
// by its location and type; a row names its holder (or none: vacant). A new holder starts a holding dated `since`,
// and the open applications the post approves move to them as when an administrator reassigns it by hand.
// Venue storyteller posts belong to their venue and are not imported.
import { membershipNumberOf } from '@guildhall/shared/rules/membership';
import { POSITION_TYPE_CODES, POSITION_TYPES, type PositionType } from '@guildhall/shared/constants';
import { IMPORT_COLUMNS, type ImportReport } from '@guildhall/shared/schemas/data-exchange';
import { dateField } from '@guildhall/shared/schemas/messages';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { positionHolders, positions, tablesChanged, type Db, type Tx } from '../../db/index';
import { repointApprovals } from '../positions/positions.admin';
import { type CsvRow, type CsvSource, type OnProgress, readCsv } from './csv-read';
import { erasedMemberReason } from './erased-members';
import { auditImport, takeImportTurn, type ImportFile, type PlannedAction, previewReport, RowErrors } from './import-kit';
import { chunks, locationsByCode, membersByCamnum } from './members-lookup';
import { type NoticeTx, noticesTransaction } from '../notifications/notifications.service';

interface PlannedPosition {
  line: number;
  id_location: number;
  pos_type: PositionType;
  id_user: number | null;
  since: string | null;
  existing: typeof positions.$inferSelect | undefined;
  action: PlannedAction;
}

const sinceField = dateField('since');

export async function planPositions(db: Db | Tx, csv: CsvSource, dry_run: boolean, onProgress?: OnProgress) {
  const errors = new RowErrors();
  const places = await locationsByCode(db, () => true);
  const read: CsvRow[] = [];
  for await (const row of readCsv(csv, IMPORT_COLUMNS.positions, ['domain_code', 'position_type'], errors, onProgress)) read.push(row);
  const holders = await membersByCamnum(db, read.map((r) => membershipNumberOf(r.values.holder_membership_number ?? '')).filter(Boolean));
  const seen = new Map<string, number>();
  const valid: Omit<PlannedPosition, 'existing' | 'action'>[] = [];
  for (const { line, values, refused } of read) {
    if (refused) continue;
    let bad = false;
    const flag = (column: string, reason: string) => {
      bad = true;
      errors.add(line, column, reason);
    };
    const code = values.domain_code?.trim() ?? '';
    const at = places.get(code.toLowerCase()) ?? [];
    if (!code) flag('domain_code', 'location code is a required field');
    else if (at.length === 0) flag('domain_code', `unknown location code ${code}`);
    else if (at.length > 1) flag('domain_code', `location code ${code} names ${at.length} locations`);
    const type = values.position_type?.trim().toUpperCase() ?? '';
    if (type === 'VST') flag('position_type', 'venue storyteller posts are made on their venue, not imported');
    else if (!POSITION_TYPE_CODES.includes(type as PositionType)) {
      flag(
        'position_type',
        `unknown position type ${values.position_type ?? ''}: one of ${POSITION_TYPE_CODES.filter((c) => c !== 'VST').join(', ')}`,
      );
    }
    const camnum = membershipNumberOf(values.holder_membership_number ?? '');
    const holder = camnum ? holders.get(camnum) : undefined;
    if (camnum && !holder) flag('holder_membership_number', `no member has the membership number ${camnum}`);
    else if (holder?.erased) flag('holder_membership_number', erasedMemberReason(camnum));
    else if (holder?.is_disabled) flag('holder_membership_number', `member ${camnum} is deactivated`);
    const since = values.since?.trim() ? sinceField.safeParse(values.since) : null;
    if (since && !since.success) flag('since', since.error.issues[0]!.message);
    if (bad) continue;
    const key = `${at[0]}:${type}`;
    const twice = seen.get(key);
    if (twice) {
      errors.add(line, 'position_type', `duplicate post: ${code} ${type} is also on line ${twice}`);
      continue;
    }
    seen.set(key, line);
    valid.push({ line, id_location: at[0]!, pos_type: type as PositionType, id_user: holder?.id_user ?? null, since: since?.data ?? null });
  }
  const existing = new Map<string, typeof positions.$inferSelect>();
  for (const part of chunks([...new Set(valid.map((v) => v.id_location))])) {
    const rows = await db
      .select()
      .from(positions)
      .where(and(inArray(positions.id_location, part), isNull(positions.id_venue)))
      .orderBy(positions.id_position);
    for (const p of rows) if (!existing.has(`${p.id_location}:${p.pos_type}`)) existing.set(`${p.id_location}:${p.pos_type}`, p);
  }
  const planned: PlannedPosition[] = valid.map((v) => {
    const found = existing.get(`${v.id_location}:${v.pos_type}`);
    return { ...v, existing: found, action: !found ? 'create' : found.id_user === v.id_user ? 'skip' : 'update' };
  });
  return { report: previewReport('positions', dry_run, read.length, planned, errors), planned };
}

// Noon UTC, written out so the session's TimeZone plays no part: the file's day for every reader from UTC-11 to
// UTC+11 (midnight showed the day before in the Americas).
const startedAt = (since: string | null) => (since ? sql`(${since}::date + time '12:00') at time zone 'UTC'` : sql`now()`);

async function writePosition(tx: NoticeTx, p: PlannedPosition, by: number) {
  if (p.action === 'create') {
    const [made] = await tx
      .insert(positions)
      .values({ id_location: p.id_location, pos_type: p.pos_type, pos_title: POSITION_TYPES[p.pos_type].title, id_user: p.id_user })
      .returning();
    if (p.id_user) {
      await tx
        .insert(positionHolders)
        .values({ id_position: made!.id_position, id_user: p.id_user, started_by: by, started_at: startedAt(p.since) });
      await repointApprovals(tx, made!, null, p.id_user, by);
    }
    return;
  }
  const position = p.existing!;
  // The former holder held it until the new one started: `since` when that is past and after their own start.
  await tx
    .update(positionHolders)
    .set({ ended_at: sql`greatest(${positionHolders.started_at}, least(now(), ${startedAt(p.since)}))`, ended_by: by })
    .where(and(eq(positionHolders.id_position, position.id_position), isNull(positionHolders.ended_at)));
  if (p.id_user) {
    await tx
      .insert(positionHolders)
      .values({ id_position: position.id_position, id_user: p.id_user, started_by: by, started_at: startedAt(p.since) });
  }
  await tx.update(positions).set({ id_user: p.id_user }).where(eq(positions.id_position, position.id_position));
  await repointApprovals(tx, position, position.id_user, p.id_user, by);
}

/** Plans and writes in one transaction; a file with a bad row writes nothing, one with no change writes nothing. */
export async function importPositions(db: Db, opts: ImportFile): Promise<ImportReport> {
  const report = await noticesTransaction(db, async (tx) => {
    await takeImportTurn(tx, 'positions');
    const { report, planned } = await planPositions(tx, opts.csv, false, opts.onProgress);
    if (report.errors.length) return report;
    const changes = planned.filter((p) => p.action !== 'skip');
    for (const p of changes) await writePosition(tx, p, opts.by);
    if (changes.length) {
      await auditImport(tx, 'positions', opts, report);
    }
    return { ...report, applied: true };
  });
  if (report.created || report.updated) tablesChanged(db, ['positions']);
  return report;
}
