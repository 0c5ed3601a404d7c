// What both databases' pools share (PostgreSQL's in postgres.ts, PGlite's one session in pglite.ts).
import pg from 'pg';

/**
 * pg.Pool whose query() gives its client back even after a failed statement, keeping what was prepared on it (pg.Pool's
 * own closes it). A broken client is dropped by pg-pool; its 'error' fails its statement, not the process.
 */
export class LendingPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    this.on('connect', (client) => client.on('error', () => undefined));
  }

  // Drizzle's calls: a statement, or its config, and values.
  override async query(...args: unknown[]): Promise<pg.QueryResult> {
    const client = await this.connect();
    try {
      return await (client.query as (...a: unknown[]) => Promise<pg.QueryResult>)(...args);
    } finally {
      client.release();
    }
  }
}
