// `column = any($1::int[])`: a list of ids bound as ONE array parameter. Drizzle's inArray binds one parameter per
// id and compiles each (a regional storyteller's reach is 100+ places, the query built three times a request:
// milliseconds of CPU); PostgreSQL plans `= any(array)` as it does `in (…)`, on the same indexes.
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

export function anyOf(column: AnyColumn | SQL, ids: readonly number[]): SQL {
  return ids.length ? sql`${column} = any(${sql.param([...ids])}::int[])` : sql`false`;
}
