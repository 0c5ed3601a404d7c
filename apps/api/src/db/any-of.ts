// `column = any($1::int[])`: a list of ids bound as ONE array parameter. Drizzle's inArray binds one parameter per
// id and compiles each (a regional storyteller's reach is 100+ places, the query built three times a request:
// milliseconds of CPU); PostgreSQL plans `= any(array)` as it does `in (…)`, on the same indexes.
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';

export function anyOf(column: AnyColumn | SQL, ids: readonly number[]): SQL {
  return ids.length ? sql`${column} = any(${sql.param([...ids])}::int[])` : sql`false`;
}

/**
 * The same test for a statement prepared once by name and run with ever other keys:
 * `column = any(array(select unnest($1::int[])))`. PostgreSQL's plan cache plans a prepared statement afresh on each
 * run for as long as a plan made for the values costs less than the generic one, and a plan made for `= any($1)`
 * knows the array's length: with fewer keys than the generic plan's guess of ten it always costs less, so the
 * statement was planned on every run (0.7 ms for the Approvals rows' six tables, against 0.1 ms to run them).
 * Behind the subquery neither plan sees the length, both cost the same, and the generic plan is kept from the sixth
 * run on; the index scan on the keys is the same.
 */
export function anyOfKeys(column: AnyColumn | SQL, keys: readonly number[] | Placeholder): SQL {
  const bound = Array.isArray(keys) ? sql.param([...keys]) : keys;
  return sql`${column} = any(array(select unnest(${bound}::int[])))`;
}
