// Issue 26: many rows inserted by one statement with the rows bound as ONE JSON parameter
// (`insert … select … from json_to_recordset($1)`), not one parameter per value. Drizzle's insert builds and
// compiles objects for every column of the table for every row, and pg serializes an array parameter by adding
// strings element by element: for a 100,000-member import those were about a third of the server's CPU and much of
// its garbage, which V8 promotes and lets its heap grow for (decision 125). JSON.stringify makes one string.
import { getTableColumns, sql } from 'drizzle-orm';
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
  const list = (names: string[]) =>
    sql.join(
      names.map((name) => sql.identifier(name)),
      sql`, `,
    );
  // The record's fields are named by the rows' keys and typed as the table's columns.
  const fields = sql.join(
    keys.map((key) => sql`${sql.identifier(key)} ${sql.raw(columns[key]!.getSQLType())}`),
    sql`, `,
  );
  const named = returning.map((key) => sql`${sql.identifier(columns[key]!.name)} as ${sql.identifier(key)}`);
  const answer = returning.length ? sql` returning ${sql.join(named, sql`, `)}` : sql``;
  const result = await tx.execute(
    sql`insert into ${table} (${list(keys.map((key) => columns[key]!.name))})
        select ${list(keys)} from json_to_recordset(${JSON.stringify(rows)}::json) as r(${fields})${answer}`,
  );
  return (result as unknown as { rows: Pick<T['$inferSelect'], K>[] }).rows;
}
