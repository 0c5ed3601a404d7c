// Writing the audit log: called inside the transaction of the change it records, so both land or neither does.
import type { Tx } from '../../db/client';
import { auditLog } from '../../db/schema/index';

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
