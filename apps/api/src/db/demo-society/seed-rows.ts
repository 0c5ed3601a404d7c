// What the society generator's files share: the reference date its dates count from, inserting rows in chunks, and
// grouping. No randomness here: generate.ts and generate-records.ts own the random source's order.
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../types';

/** The day the demo society's dates count from, so every run makes the same rows. */
export const REFERENCE_DATE = new Date('2026-11-01T12:00:00Z');
const DAY = 86_400_000;
export const daysBefore = (days: number) => new Date(REFERENCE_DATE.getTime() - days * DAY);
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export async function insertAll(tx: Tx, table: PgTable, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    if (chunk.length) await tx.insert(table).values(chunk as never);
  }
}

/** Inserts in chunks and answers the new ids, in the order of `rows`. */
export async function insertIds(tx: Tx, table: PgTable, rows: object[], id: PgColumn): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    if (!chunk.length) continue;
    const created = (await tx
      .insert(table)
      .values(chunk as never)
      .returning({ id } as never)) as unknown as { id: number }[];
    ids.push(...created.map((row) => row.id));
  }
  return ids;
}

/** Groups values by a key computed from each value and its index. */
export function groupBy<V, K>(values: readonly V[], key: (value: V, index: number) => K): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const [i, value] of values.entries()) {
    const k = key(value, i);
    const list = groups.get(k);
    if (list) list.push(value);
    else groups.set(k, [value]);
  }
  return groups;
}

export interface Loc {
  id_location: number;
  location_name: string;
  location_code: string;
  location_type: number;
  id_parent_location: string | null;
}
