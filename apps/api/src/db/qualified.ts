// A column written out with its table ("users"."id_user"), for correlated subqueries in hand-written SQL.
import { type AnyColumn, getTableName, type SQL, sql } from 'drizzle-orm';

/**
 * In a one-table select Drizzle writes an interpolated column without its table; inside a subquery that bare
 * name binds to the subquery's own table (STACK.md). Written out with its table it always means the outer row.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
