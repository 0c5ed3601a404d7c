// PostgreSQL (DATABASE_URL): a pool that knows each request's connections (to cancel an abandoned request's
// statements) and listens for changes (db/changes.ts); its migration and ANALYZE.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ChangeClock, listenForChanges, registerChangeClock } from './changes';
import { LendingPool } from './lending-pool';
import { applyMigrations } from './migrating';
import { ClientGoneError } from './outage';
import { type RequestScope, requestScope } from './request-scope';
import * as schema from './schema/index';
import type { Db, OpenedDatabase, OpenOptions } from './types';

export interface PostgresDatabase extends OpenedDatabase {
  kind: 'postgres';
  pool: pg.Pool;
  /** Cancels the statements a request whose client went away still runs, and refuses it new ones. */
  cancelRequest(scope: RequestScope): Promise<void>;
}

/** A pg pool that knows which request holds each client, so a request whose client went away can be cancelled. */
class RequestAwarePool extends LendingPool {
  /** The request each client is lent to, until the pool's 'release' event (below) says it is back. */
  readonly holders = new WeakMap<pg.PoolClient, RequestScope>();

  // Every statement takes its client here (LendingPool's query() too), still in the caller's request scope.
  override async connect(): Promise<pg.PoolClient> {
    const scope = requestScope.getStore();
    if (scope?.aborted) throw new ClientGoneError();
    const client = await super.connect();
    if (scope) {
      scope.clients.add(client);
      this.holders.set(client, scope);
    }
    return client;
  }
}

export interface PostgresOptions extends OpenOptions {
  /** Connections per API process (PG_POOL_SIZE). */
  poolSize?: number;
  /** Longest a statement may run, in ms (DB_STATEMENT_TIMEOUT_MS); 0 turns the limit off. */
  statementTimeoutMs?: number;
  /** How long a request waits for a connection before it answers 503, in ms. */
  connectTimeoutMs?: number;
}

export function openPostgres(target: { url: string } & PostgresOptions): PostgresDatabase {
  const statementTimeout = target.statementTimeoutMs ?? 5000;
  const pool = new RequestAwarePool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    // Statements a caller sends without awaiting each (a turn's sign-ups) go to the server together (decision 132).
    pipeline: true,
    connectionTimeoutMillis: target.connectTimeoutMs ?? 5000,
    // The society's day is UTC's, as in the API, the browser and PGlite, whatever the server's own zone.
    options: '-c TimeZone=UTC',
    ...(statementTimeout > 0
      ? { statement_timeout: statementTimeout, lock_timeout: statementTimeout, idle_in_transaction_session_timeout: statementTimeout * 2 }
      : {}),
  });
  const onError = target.onError ?? (() => undefined);
  // A server that goes away breaks connections: logged, not an unhandled 'error'; pg-pool drops them and opens new ones.
  pool.on('error', (error) => onError(error));
  const clock = new ChangeClock(false);
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => pool.holders.get(client)?.clients.delete(client));
  const listener = listenForChanges(target.url, clock, onError);
  const cancelRequest = async (scope: RequestScope) => {
    scope.aborted = true;
    if (scope.clients.size === 0) return;
    await withoutLimits(target.url, async (canceller) => {
      for (const client of [...scope.clients]) {
        // Only while the request still holds it: once released, the backend may be running another request's query.
        const pid = (client as unknown as { processID?: number }).processID;
        if (pid && scope.clients.has(client)) await canceller.query('select pg_cancel_backend($1)', [pid]);
      }
    }).catch(onError);
  };
  const db = drizzlePg(pool, { schema, logger: target.logger }) as unknown as Db;
  registerChangeClock(db, clock);
  return {
    db,
    kind: 'postgres',
    pool,
    cancelRequest,
    // VACUUM too: freshly loaded pages marked all-visible serve index-only scans at once.
    analyze: () => withoutLimits(target.url, (client) => client.query('vacuum (analyze)')),
    // Several API processes may start at once against one server: one migrates, the others wait for its lock.
    migrate: () =>
      withoutLimits(target.url, async (client) => {
        await client.query('select pg_advisory_lock(727274)');
        await applyMigrations(drizzlePg(client, { schema }) as unknown as Db);
      }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

// Work on a connection of its own, without the pool's statement and lock limits (a migration may index a large table,
// or wait for another process's; a cancel must not wait for the pool); its advisory locks end with it.
async function withoutLimits(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
