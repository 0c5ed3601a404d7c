// Opening the database: PGlite (default, embedded) or PostgreSQL (DATABASE_URL); same schema, same migrations.
// It answers what it opened: the PostgreSQL pool or the PGlite thread, and its lists' remembered totals.
import { sql } from 'drizzle-orm';
import { type DatabaseLists, listsOf } from './list-totals';
import { openPglite, type PgliteDatabase, type PgliteTarget } from './pglite';
import { openPostgres, type PostgresDatabase, type PostgresOptions } from './postgres';
import * as schema from './schema/index';
import type { Db } from './types';

export type Database = (PostgresDatabase | PgliteDatabase) & {
  /** Its lists' remembered totals (thresholds: `lists.set`, tests only). */
  lists: DatabaseLists;
};

export type DatabaseTarget = ({ kind: 'postgres'; url: string } & PostgresOptions) | PgliteTarget;

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const opened = target.kind === 'postgres' ? await openPostgres(target) : await openPglite(target);
  return Object.assign(opened, { lists: listsOf(opened.db) });
}

/** Dumps an in-memory PGlite database, so tests can start many copies of one migrated and seeded database. */
export async function dumpPglite(database: Database): Promise<Blob> {
  if (database.kind !== 'pglite') throw new Error('Only a PGlite database can be dumped.');
  return database.dump();
}

export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(schema.locations);
  return (rows[0]?.n ?? 0) === 0;
}
