// Issue 26: the duplicates inside a members file. Each membership number's and e-mail's first line is kept by the
// database, in a temporary table of the import's transaction, not in the process: for 100,000 members the two maps
// held 14 MB to the end, and V8 lets its heap grow to about four times what is live (decision 120).
import { and, eq, or, sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/index';
import type { RowErrors } from './import-kit';
import { insertRows } from './insert-rows';
import { anyText } from './members-lookup';

/** The temporary table; not in db/schema, so no migration makes it: `open` creates it in the transaction. */
const firstLines = pgTable(
  'import_first_lines',
  { column_name: text('column_name').notNull(), key: text('key').notNull(), line: integer('line').notNull() },
  (t) => [primaryKey({ columns: [t.column_name, t.key] })],
);

export type KeyColumn = 'membership_number' | 'email';
const REASON: Record<KeyColumn, string> = {
  membership_number: 'duplicate membership number',
  email: 'duplicate e-mail',
};

export class FirstLines {
  private constructor(private readonly tx: Tx) {}

  /** Dropped with the transaction (at its commit or rollback). */
  static async open(tx: Tx) {
    await tx.execute(
      sql`create temporary table ${firstLines} (column_name text not null, key text not null, line int not null,
          primary key (column_name, key)) on commit drop`,
    );
    return new FirstLines(tx);
  }

  /**
   * The rows (in file order) whose membership number and e-mail no earlier row of the file had; each other row is
   * flagged in `errors` naming the line that had it first. Every row's keys not seen before are remembered, so a row
   * refused for its e-mail still holds its membership number, as before.
   */
  async unique<T extends { line: number }>(rows: T[], keyOf: (row: T, column: KeyColumn) => string, errors: RowErrors): Promise<T[]> {
    const first: Record<KeyColumn, Map<string, number>> = { membership_number: new Map(), email: new Map() };
    const found = await this.tx
      .select()
      .from(firstLines)
      .where(
        or(
          ...(Object.keys(first) as KeyColumn[]).map((column) =>
            and(eq(firstLines.column_name, column), anyText(firstLines.key, [...new Set(rows.map((r) => keyOf(r, column)))])),
          ),
        ),
      );
    for (const f of found) first[f.column_name as KeyColumn].set(f.key, f.line);
    const fresh: (typeof firstLines.$inferInsert)[] = [];
    const kept: T[] = [];
    for (const row of rows) {
      let duplicate = false;
      for (const column of Object.keys(first) as KeyColumn[]) {
        const key = keyOf(row, column);
        const earlier = first[column].get(key);
        if (earlier) {
          errors.add(row.line, column, `${REASON[column]}: also on line ${earlier}`);
          duplicate = true;
          continue;
        }
        first[column].set(key, row.line);
        fresh.push({ column_name: column, key, line: row.line });
      }
      if (!duplicate) kept.push(row);
    }
    await insertRows(this.tx, firstLines, fresh);
    return kept;
  }
}
