// PostgreSQL only: another session holds a table lock so that requests meet it in a chosen order.
import pg from 'pg';

/** Sessions of this database other than `client`'s that wait on a lock. */
async function lockWaiters(client: pg.Client): Promise<number> {
  // Inside the blocker's transaction pg_stat_activity is read once and kept: read it afresh each time.
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
  );
  return rows[0].n;
}

/**
 * Resolves once `n` sessions other than `client`'s wait on a lock, or once `done` (a request that may not need to
 * wait) has settled; fails after 10 s, listing what they do.
 */
async function untilWaiting(client: pg.Client, n: number, done?: Promise<unknown>): Promise<void> {
  let settled = false;
  void done?.finally(() => {
    settled = true;
  });
  for (let waited = 0; !settled && (await lockWaiters(client)) < n; waited += 50) {
    if (waited > 10_000) {
      const { rows } = await client.query(
        `select wait_event_type, wait_event, state, left(query, 120) as q from pg_stat_activity where datname = current_database()`,
      );
      throw new Error(`${n} requests never all waited: ${JSON.stringify(rows)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Locks `table` in `mode` in another session until `release()`; `waitFor(n, done)` as untilWaiting. */
export async function holdTableLock(url: string, table: string, mode = 'access exclusive') {
  const blocker = new pg.Client({ connectionString: url });
  await blocker.connect();
  await blocker.query('begin');
  await blocker.query(`lock table ${table} in ${mode} mode`);
  return {
    waitFor: (n: number, done?: Promise<unknown>) => untilWaiting(blocker, n, done),
    async release() {
      try {
        await blocker.query('commit');
      } finally {
        await blocker.end();
      }
    },
  };
}

/** Requests meant to race really start together: the table is locked, they start, and it is let go once all wait. */
export async function racingWhileLocked<T>(url: string, table: string, start: () => Promise<T>[]): Promise<T[]> {
  const lock = await holdTableLock(url, table);
  let racing: Promise<T>[] = [];
  try {
    racing = start();
    await lock.waitFor(racing.length);
  } finally {
    await lock.release();
  }
  return Promise.all(racing);
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
