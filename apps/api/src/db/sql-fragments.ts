// SQL that Drizzle's own operators write otherwise than a query needs.
import { type AnyColumn, getTableName, type Placeholder, type SQL, sql } from 'drizzle-orm';

/** `column = any($1::int[])`: the ids as ONE array parameter, where Drizzle's inArray binds one per id; same plans. */
export function anyOf(column: AnyColumn | SQL, ids: readonly number[]): SQL {
  return ids.length ? sql`${column} = any(${sql.param([...ids])}::int[])` : sql`false`;
}

/**
 * The same for a statement prepared by name, as `any(array(select unnest($1::int[])))`: a planner that saw the
 * array's length would find a plan for few keys cheaper than the generic one and plan every run (decision 029).
 */
export function anyOfKeys(column: AnyColumn | SQL, keys: readonly number[] | Placeholder): SQL {
  return sql`${column} = any(array(select unnest(${Array.isArray(keys) ? sql.param([...keys]) : keys}::int[])))`;
}

/**
 * `"users"."id_user"`: in a one-table select Drizzle writes a column without its table, and inside a correlated
 * subquery that bare name would bind to the subquery's own table (STACK.md).
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
