// Issue 26: the exports, each a keyset walk of its table in its list's order (newest first), mapped to CSV rows.
import type { AuditQuery } from '@guildhall/shared/schemas/administration';
import { and, desc, eq, lt } from 'drizzle-orm';
import { auditLog, prestige, users, type Db } from '../../db/index';
import { auditRowColumns, auditWhere } from '../audit/audit.service';
import { prestigeEntryColumns, reviewers } from '../prestige/prestige.service';
import { EXPORT_BATCH, keysetBatches } from './csv-write';

export const AUDIT_HEADER = ['id', 'at', 'by', 'by_name', 'action', 'entity', 'entity_id', 'before', 'after', 'note'];

export async function* auditRows(db: Db, query: Omit<AuditQuery, 'sortBy' | 'direction' | 'page' | 'count'>) {
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

export const PRESTIGE_HEADER = ['date', 'category', 'general', 'regional', 'national', 'vip', 'description', 'awarded_by'];

/** A member's ledger in the columns the prestige import reads, so an export opens back as an import. */
export async function* prestigeRows(db: Db, id_user: number) {
  const batches = keysetBatches(
    (after: number | undefined) =>
      db
        .select({ ...prestigeEntryColumns, reviewer_camnum: reviewers.user_camnum })
        .from(prestige)
        .leftJoin(reviewers, eq(reviewers.id_user, prestige.id_reviewer))
        .where(and(eq(prestige.id_user, id_user), after === undefined ? undefined : lt(prestige.id_prestige, after)))
        .orderBy(desc(prestige.id_prestige))
        .limit(EXPORT_BATCH),
    (row) => row.id_prestige,
  );
  for await (const batch of batches) {
    yield batch.map((r) => [
      r.prestige_datetime.toISOString().slice(0, 10),
      r.prestige_category,
      r.prestige_general,
      r.prestige_regional,
      r.prestige_national,
      r.prestige_usable_general,
      r.prestige_description,
      r.reviewer_camnum,
    ]);
  }
}
