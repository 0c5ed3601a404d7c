// Another process on the test's PostgreSQL: its writes reach the app by a notification, a moment after their commit
// (db/changes.ts).
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

/** Whether `check` holds within `withinMs`, tried every 20 ms. */
export async function eventually(check: () => Promise<boolean>, withinMs = 3000) {
  for (let waited = 0; waited < withinMs; waited += 20) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

/** A connection of its own to the database at `url()`, open for the enclosing describe's tests. */
export function anotherProcess(url: () => string | undefined) {
  let other: pg.Client | undefined;
  beforeAll(async () => {
    other = new pg.Client({ connectionString: url() });
    await other.connect();
  });
  afterAll(() => other?.end());
  return { query: (text: string, values?: unknown[]) => other!.query(text, values) };
}
