// What both databases' pools share (PostgreSQL's in postgres.ts, PGlite's one session in pglite.ts).
import pg from 'pg';

/**
 * pg.Pool whose statements take a client with connect() and give it back with release(), failed or not, so what
 * was prepared on it stays (pg.Pool's own query() closes the client of any failed statement). A client whose
 * connection broke is no longer queryable: pg-pool drops it. Its 'error' while lent fails its statement, not the
 * process.
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
