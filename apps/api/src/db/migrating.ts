// How both databases migrate: the migrations not yet applied, then ANALYZE if there were any.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './types';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function applyMigrations(db: Db): Promise<void> {
  const applied = await migrationCount(db);
  await migrate(db as never, { migrationsFolder });
  if ((await migrationCount(db)) !== applied) await db.execute(sql`analyze`);
}

/** How many migrations the database has applied (0 before the first). */
const migrationCount = (db: Db): Promise<number> =>
  db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`).then(
    (result) => Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0),
    () => 0,
  );
