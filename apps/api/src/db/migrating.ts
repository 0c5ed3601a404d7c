// What both databases share to migrate: the migrations' folder and how many of them a database has applied.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './types';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How many migrations the database has applied (0 before the first): a change means ANALYZE afterwards. */
export async function migrationCount(db: Db): Promise<number> {
  try {
    const result = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { n: number }[];
    };
    return Number(result.rows[0]?.n ?? 0);
  } catch {
    return 0;
  }
}
