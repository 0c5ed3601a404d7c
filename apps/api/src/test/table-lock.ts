// PostgreSQL only: requests meant to race really start together. Another session locks the table, the requests are
// started, and the lock is let go once they all wait on it.
import pg from 'pg';

/** Resolves once `n` sessions other than `client`'s wait on a lock (fails after 10 s, listing what they do). */
async function untilWaiting(client: pg.Client, n: number): Promise<void> {
  for (let waited = 0; ; waited += 50) {
    const { rows: found } = await client.query(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if (found[0].n >= n) return;
    if (waited > 10_000) {
      const { rows: all } = await client.query(
        `select wait_event_type, wait_event, state, left(query, 120) as q from pg_stat_activity where datname = current_database()`,
      );
      throw new Error(`the ${n} requests never all waited: ${JSON.stringify(all)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function racingWhileLocked<T>(url: string, table: string, start: () => Promise<T>[]): Promise<T[]> {
  const blocker = new pg.Client({ connectionString: url });
  await blocker.connect();
  try {
    await blocker.query('begin');
    await blocker.query(`lock table ${table} in access exclusive mode`);
    const racing = start();
    await untilWaiting(blocker, racing.length);
    await blocker.query('commit');
    return await Promise.all(racing);
  } finally {
    await blocker.end();
  }
}

/** Starts a request once `n` others wait on a lock: in racingWhileLocked, it then comes second, not by luck. */
export async function startWhenWaiting<T>(url: string, n: number, start: () => Promise<T>): Promise<T> {
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  try {
    await untilWaiting(watcher, n);
  } finally {
    await watcher.end();
  }
  return start();
}
