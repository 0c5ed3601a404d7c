import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** A CHECK that keeps a text column within one of the shared const arrays (the values written in by Drizzle). */
export function inList(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} in ${values}`.inlineParams();
}
