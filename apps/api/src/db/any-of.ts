// `column = any($1::int[])`: a list of ids bound as ONE array parameter, where Drizzle's inArray binds and compiles
// one parameter per id. PostgreSQL plans `= any(array)` as it does `in (…)`, on the same indexes.
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';

export function anyOf(column: AnyColumn | SQL, ids: readonly number[]): SQL {
  return ids.length ? sql`${column} = any(${sql.param([...ids])}::int[])` : sql`false`;
}

/**
 * The same test for a statement prepared once by name and run with ever other keys, written
 * `column = any(array(select unnest($1::int[])))` so that the planner does not see the array's length: otherwise
 * a plan made for few keys always looks cheaper than the generic one and the statement is planned on every run
 * (decision 029).
 */
export function anyOfKeys(column: AnyColumn | SQL, keys: readonly number[] | Placeholder): SQL {
  const bound = Array.isArray(keys) ? sql.param([...keys]) : keys;
  return sql`${column} = any(array(select unnest(${bound}::int[])))`;
}
