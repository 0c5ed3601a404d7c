// The typed Drizzle client every module queries, and what each opened database offers (db/open.ts opens one).
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How either database is opened, besides where it is: whom to tell of its errors, and of each statement (tests). */
export type OpenOptions = { onError?: (error: Error) => void; logger?: Logger };

/** What PostgreSQL (db/postgres.ts) and PGlite (db/pglite.ts) both offer once opened. */
export interface OpenedDatabase {
  db: Db;
  migrate(): Promise<void>;
  /** Refreshes the planner's statistics (and on PostgreSQL the visibility map); run after bulk loads so no plan is chosen on empty-table guesses. */
  analyze(): Promise<void>;
  close(): Promise<void>;
}
