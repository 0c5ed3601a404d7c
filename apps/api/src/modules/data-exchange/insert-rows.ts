// Issue 26: many rows inserted with one array bound per column (`insert … select * from unnest($1::text[], …)`),
// not one parameter per value. Drizzle's insert builds and compiles objects for every column of the table for
// every row: for a 100,000-member import that was about a third of the server's CPU and most of its garbage, which
// V8 promotes and lets its heap grow for (decision 125). One statement takes any number of rows.
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/index';

type Row<T extends PgTable> = Partial<T['$inferInsert']>;

/**
 * Inserts `rows` (values by the table's keys) in one statement; with `returning`, the inserted rows' values of
 * those columns. A column no row gives takes its default; one that only some rows give is null in the others.
 */
export async function insertRows<T extends PgTable, K extends keyof T['$inferSelect'] & string = never>(
  tx: Tx,
  table: T,
  rows: readonly Row<T>[],
  returning: readonly K[] = [],
): Promise<Pick<T['$inferSelect'], K>[]> {
  if (!rows.length) return [];
  const columns = getTableColumns(table);
  const keys = Object.keys(columns).filter((key) => rows.some((row) => row[key as keyof Row<T>] !== undefined));
  const name = (key: string) => sql.identifier(columns[key]!.name);
  const arrays = keys.map((key) => {
    const values = rows.map((row) => row[key as keyof Row<T>] ?? null);
    return sql`${sql.param(values)}::${sql.raw(columns[key]!.getSQLType())}[]`;
  });
  const answer: SQL = returning.length ? sql` returning ${sql.join(returning.map(name), sql`, `)}` : sql``;
  const result = await tx.execute(
    sql`insert into ${table} (${sql.join(keys.map(name), sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})${answer}`,
  );
  return (result as unknown as { rows: Pick<T['$inferSelect'], K>[] }).rows;
}
