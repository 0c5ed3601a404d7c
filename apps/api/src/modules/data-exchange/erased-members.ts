// Issue 26 (GDPR Art. 17): how an erased member is recognised. Their kept row (membership number, ledgers) is marked
// by the erasure's own audit row, written in the erasure's transaction and never removed (decision 138): their
// name or is_disabled could be changed back by hand. An import must not write a person back onto an erased number.
import { type AnyColumn, sql } from 'drizzle-orm';
import { auditLog } from '../../db/index';

export const ERASE_ACTION = 'member.erase';

/**
 * Whether the member whose id is in `id_user` has been erased. The id stays outside the subquery: Drizzle leaves a
 * single table's columns unqualified, and inside it an unqualified id_user would be the audit row's author.
 */
export const erasedSql = (id_user: AnyColumn) =>
  sql<boolean>`${id_user}::text in (select ${auditLog.entity_id} from ${auditLog} where ${auditLog.entity} = 'user' and ${auditLog.action} = ${ERASE_ACTION})`;

/** The row error of an import row that names an erased member by their membership number. */
export const erasedMemberReason = (camnum: string) => `membership number ${camnum} belongs to an erased member`;
