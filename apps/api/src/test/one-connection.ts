// A PostgreSQL test database opened on ONE connection, so the statements it prepared can be read back from
// pg_prepared_statements (with how often PostgreSQL planned each for its values or kept the generic plan). No
// statement limit: such tests load and delete thousands of rows on a busy machine.
import { afterAll, beforeAll } from 'vitest';
import { type Database, type Db, openDatabase } from '../db/index';
import { rows } from './sql';
import { openTestDatabase } from './test-app';
import { sql } from 'drizzle-orm';

export interface PreparedStatement {
  name: string;
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

/** Opens the database before the suite's tests and drops it after them; `db` is its one connection. */
export function onOneConnection(): { readonly db: Db; prepared(): Promise<PreparedStatement[]> } {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;
  beforeAll(async () => {
    test = await openTestDatabase();
    database = await openDatabase({ kind: 'postgres', url: test.url!, poolSize: 1, statementTimeoutMs: 0 });
  });
  afterAll(async () => {
    await database?.close();
    await test?.drop();
  });
  return {
    get db() {
      return database.db;
    },
    async prepared() {
      const found = await rows<Record<string, unknown>>(
        database.db,
        sql`select name, statement, generic_plans, custom_plans from pg_prepared_statements order by name`,
      );
      return found.map((p) => ({
        name: String(p.name),
        statement: String(p.statement),
        generic_plans: Number(p.generic_plans),
        custom_plans: Number(p.custom_plans),
      }));
    },
  };
}
