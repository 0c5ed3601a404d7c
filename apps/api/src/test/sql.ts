// Raw SQL for tests that compute expected values independently of the code under test.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/index';

export async function rows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The first column of the first row as a number (cast counts with ::int in the query). */
export async function scalar(db: Db, query: SQL): Promise<number> {
  const [row] = await rows(db, query);
  return Number(Object.values(row ?? {})[0] ?? Number.NaN);
}

/** How many audit rows record this action on this entity. */
export const auditCount = (db: Db, action: string, entityId: number | string) =>
  scalar(db, sql`select count(*)::int from audit_log where action = ${action} and entity_id = ${String(entityId)}`);
