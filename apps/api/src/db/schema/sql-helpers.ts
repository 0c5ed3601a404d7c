import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** A CHECK that keeps a text column within one of the shared const arrays (the values written in by Drizzle). */
export function inList(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} in ${values}`.inlineParams();
}

/** A constant of the code (never a request's value) written into SQL as a literal, quoted by Drizzle. */
export const literal = (value: string): SQL => sql`${value}`.inlineParams();
