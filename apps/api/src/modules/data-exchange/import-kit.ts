// Issue 26: what every import kind shares: the list of bad rows (capped) and the preview's counts.
import type { ImportKind, ImportReport, ImportRowError } from '@guildhall/shared/schemas/data-exchange';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/index';
import type { CsvSource, OnProgress } from './csv-read';
import { writeAudit } from '../audit/audit.service';

/** Beyond this many, errors are counted, not listed: the file needs fixing wholesale. */
export const MAX_LISTED_ERRORS = 1000;

export class RowErrors {
  private readonly listed: ImportRowError[] = [];
  private unlisted = 0;
  private highest = 0;

  get any(): boolean {
    return this.listed.length > 0;
  }

  /**
   * Those listed are the file's first (by line), whatever order they are found in: a members file's duplicates are
   * found a chunk at a time, after the rows read since.
   */
  add(line: number, column: string | null, reason: string) {
    if (this.listed.length < MAX_LISTED_ERRORS) {
      this.listed.push({ line, column, reason });
      this.highest = Math.max(this.highest, line);
      return;
    }
    this.unlisted++;
    if (line >= this.highest) return;
    const last = this.listed.findLastIndex((e) => e.line === this.highest);
    this.listed[last] = { line, column, reason };
    this.highest = Math.max(...this.listed.map((e) => e.line));
  }

  /** In file order, with a last line saying how many more there were. */
  list(): ImportRowError[] {
    const sorted = [...this.listed].sort((a, b) => a.line - b.line);
    if (this.unlisted) sorted.push({ line: 0, column: null, reason: `${this.unlisted} more errors are not listed` });
    return sorted;
  }
}

export type PlannedAction = 'create' | 'update' | 'skip';
export type Tally = Record<PlannedAction, number>;

/** How many planned rows of each action, added to `into` (a file planned chunk by chunk keeps only these). */
export function tally(planned: readonly { action: PlannedAction }[], into: Tally = { create: 0, update: 0, skip: 0 }): Tally {
  for (const p of planned) into[p.action]++;
  return into;
}

export function previewReport(
  kind: ImportKind,
  dry_run: boolean,
  rows: number,
  planned: readonly { action: PlannedAction }[] | Tally,
  errors: RowErrors,
): ImportReport {
  const counts = Array.isArray(planned) ? tally(planned) : (planned as Tally);
  if (rows === 0) errors.add(1, null, 'the file has no rows below its header');
  return {
    kind,
    dry_run,
    applied: false,
    rows,
    created: counts.create,
    updated: counts.update,
    skipped: counts.skip,
    errors: errors.list(),
  };
}

/** Thrown inside an import's transaction to roll back what earlier chunks wrote when a later row is bad. */
export class FileRefused extends Error {
  constructor(readonly report: ImportReport) {
    super('the file has bad rows');
  }
}

/**
 * An apply of a kind takes turns with other applies of that kind (one transaction-scoped lock) before it plans: two
 * at once would otherwise both plan against what was there before either wrote (READ COMMITTED), and write the file
 * twice. The members import takes the membership-number turn instead (members-apply).
 */
export async function takeImportTurn(tx: Tx, kind: Exclude<ImportKind, 'members'>): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`guildhall.import.${kind}`}))`);
}

/** One audit row per applied file, named by its digest, with its counts and never a member's data. */
export async function auditImport(tx: Tx, kind: ImportKind, file: ImportFile, report: ImportReport, extra: object = {}) {
  await writeAudit(tx, {
    by: file.by,
    action: `import.${kind}`,
    entity: 'import',
    entityId: file.fileId(),
    after: { rows: report.rows, created: report.created, updated: report.updated, ...extra },
  });
}

export interface ImportFile {
  by: number;
  csv: CsvSource;
  /** What the audit log calls the file: its digest, known once it has been read. */
  fileId: () => string;
  onProgress?: OnProgress;
}
