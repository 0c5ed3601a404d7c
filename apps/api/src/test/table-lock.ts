// PostgreSQL only: requests meant to race really start together. Another session locks the table, the requests are
// started, and the lock is let go once they all wait on it.
import pg from 'pg';

export async function racingWhileLocked<T>(url: string, table: string, start: () => Promise<T>[]): Promise<T[]> {
  const blocker = new pg.Client({ connectionString: url });
  await blocker.connect();
  try {
    await blocker.query('begin');
    await blocker.query(`lock table ${table} in access exclusive mode`);
    const racing = start();
    for (let waited = 0; ; waited += 50) {
      const { rows: found } = await blocker.query(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      if (found[0].n >= racing.length) break;
      if (waited > 10_000) {
        const { rows: all } = await blocker.query(
          `select wait_event_type, wait_event, state, left(query, 120) as q from pg_stat_activity where datname = current_database()`,
        );
        throw new Error(`the ${racing.length} requests never all waited: ${JSON.stringify(all)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await blocker.query('commit');
    return await Promise.all(racing);
  } finally {
    await blocker.end();
  }
}
