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
async function migrationCount(db: Db): Promise<number> {
  try {
    const result = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { n: number }[];
    };
    return Number(result.rows[0]?.n ?? 0);
  } catch {
    return 0;
  }
}
