// Opening the database: PGlite (default, embedded) or PostgreSQL (DATABASE_URL); same schema, same migrations.
import { type DatabaseLists, listsOf } from './list-totals';
import { openPglite, type PgliteDatabase, type PgliteTarget } from './pglite';
import { openPostgres, type PostgresDatabase, type PostgresOptions } from './postgres';

export type Database = (PostgresDatabase | PgliteDatabase) & {
  /** Its lists' remembered totals (thresholds: `lists.options`, set by tests). */
  lists: DatabaseLists;
};

export type DatabaseTarget = ({ kind: 'postgres'; url: string } & PostgresOptions) | PgliteTarget;

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const opened = target.kind === 'postgres' ? await openPostgres(target) : await openPglite(target);
  return Object.assign(opened, { lists: listsOf(opened.db) });
}
