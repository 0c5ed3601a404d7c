// node-postgres's pool, as both databases use it (PostgreSQL's connections, PGlite's one session).
import pg from 'pg';

/**
 * pg.Pool, but a statement that fails gives its client back for the next caller, keeping what was prepared on it
 * (pg.Pool's own query() closes it). A client whose connection broke is no longer queryable: the pool drops it.
 */
export class Pool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    // A connection that breaks while lent emits 'error' on its client: its statement fails, the process goes on.
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
