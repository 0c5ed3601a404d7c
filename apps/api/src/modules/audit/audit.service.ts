// Writing the audit log: called inside the transaction of the change it records, so both land or neither does.
import type { AuditQuery, AuditRow } from '@guildhall/shared/schemas/administration';
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { pagedList, totalKeyOf, auditLog, users, type Db, type Tx } from '../../db/index';
import { personName } from '../users/person-name';

export type AuditEntry = {
  /** The member who made the change. */
  by: number;
  action: string;
  entity: string;
  entityId: number | string;
  before?: unknown;
  after?: unknown;
  note?: string | null;
};

export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    id_user: entry.by,
    action: entry.action,
    entity: entry.entity,
    entity_id: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    note: entry.note ?? null,
  });
}

/** An audit row as the log shows it, with its author's name (join users on id_user). */
export const auditRowColumns = {
  id: auditLog.id,
  at: auditLog.at,
  id_user: auditLog.id_user,
  by_name: personName(users),
  action: auditLog.action,
  entity: auditLog.entity,
  entity_id: auditLog.entity_id,
  before: auditLog.before,
  after: auditLog.after,
  note: auditLog.note,
};

/** The log's filters (the list's and the export's): action, kind, record, author and dates. */
export function auditWhere(query: Pick<AuditQuery, 'action' | 'entity' | 'entityId' | 'userId' | 'from' | 'to'>) {
  return and(
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entityId ? eq(auditLog.entity_id, query.entityId) : undefined,
    query.userId ? eq(auditLog.id_user, query.userId) : undefined,
    query.from ? gte(auditLog.at, sql`${query.from}::date`) : undefined,
    query.to ? lt(auditLog.at, sql`${query.to}::date + 1`) : undefined,
  );
}

/** The audit log, newest first by default, filtered by action, kind, record, author and dates. */
export async function listAudit(db: Db, query: AuditQuery): Promise<ListResult<AuditRow>> {
  const where = auditWhere(query);
  const page = await pagedList(db, query, {
    totalKey: totalKeyOf('audit', query),
    rows: () => db.select(auditRowColumns).from(auditLog).leftJoin(users, eq(users.id_user, auditLog.id_user)).where(where).$dynamic(),
    count: () => db.select({ n: count() }).from(auditLog).where(where),
    sortable: { at: auditLog.at },
    tieBreak: auditLog.id,
  });
  return { rows: page.rows.map((r) => ({ ...r, at: r.at.toISOString() })), count: page.count };
}
