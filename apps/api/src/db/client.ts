// One typed Drizzle client over PGlite (default, embedded) or PostgreSQL (DATABASE_URL); same schema, same migrations.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type TransferListItem, Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ChangeClock, isWriteStatement, listenForChanges, registerChangeClock, statementText } from './changes';
import { PLAN_ONCE_MARK, planRowsByKeys, planWindowTotals } from './list';
import { lockDataDir } from './lock';
import * as schema from './schema/index';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Refreshes the planner's statistics (and on PostgreSQL the visibility map); run after bulk loads so no plan is chosen on empty-table guesses. */
  analyze(): Promise<void>;
  close(): Promise<void>;
}

/** The database cannot be reached, or refused to start work: an outage (503), not a bug (500). */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

// SQLSTATE classes and codes that mean "the server is not there or going away", and socket errors of the driver.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-4]|53300|53100|53200)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed|Cannot use a pool after calling end|PGlite is closed|database is being reopened/i;

/** Whether an error (or one of its causes) says the database is unreachable rather than that a statement failed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/**
 * The database work of one HTTP request. When its client goes away, queries it is still running on PostgreSQL are
 * cancelled (pg_cancel_backend) and it starts no new ones, so an abandoned request never holds the database.
 */
export class RequestScope {
  aborted = false;
  readonly clients = new Set<pg.PoolClient>();
}
export const requestScope = new AsyncLocalStorage<RequestScope>();

/** The request's client hung up before its database work began: nobody waits for the answer. */
export class ClientGoneError extends DatabaseUnavailableError {
  constructor() {
    super('The request was abandoned by its client.');
    this.name = 'ClientGoneError';
  }
}

export function isClientGone(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ClientGoneError) return true;
  }
  return false;
}

/**
 * Ticks the change clock when a write statement (or a COMMIT) this client ran has finished, so what this process
 * remembers is dropped at once, before another process's NOTIFY could arrive. Reads pass through untouched.
 */
function tickOnWrites(client: pg.PoolClient, clock: ChangeClock) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    if (!isWriteStatement(statementText(args[0]))) return query(...args);
    const tick = () => clock.tick();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        tick();
        return callback(...results);
      };
      return query(...args);
    }
    const result = query(...args) as Promise<unknown> | undefined;
    result?.then?.(tick, tick);
    return result;
  }) as typeof client.query;
}

// PostgreSQL plans an unnamed statement afresh on every run, and for the lists planning costs more than running
// (0.4–0.56 ms against 0.2–0.4 ms for a page of the membership lookup at 100,000 members). So a read without
// parameters goes as a named statement, prepared once per connection (pg keeps the name per connection and then
// sends only Bind and Execute). Only those: a statement without parameters has one plan whatever runs it, while
// one with parameters may be switched by PostgreSQL's plan cache to a generic plan that cannot see its values,
// and one did: the Approvals list "awaiting me", named, was given a generic plan that could not see its statuses
// and member and served 23 req/s instead of 467 at 100,000 members (decision 029). List pages write their limit and small offsets
// into the statement (db/list.ts), so an unfiltered page has no parameters. The first MAX_NAMED distinct texts of
// the process are named, the rest run as before, so a backend never holds more than that many.
const MAX_NAMED = 400;
const statementNames = new Map<string, string>();
function nameOfRead(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED && /^\s*select\b/i.test(text)) {
    name = `g_${createHash('sha1').update(text).digest('hex').slice(0, 30)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Reads without parameters go as named statements (above): only query configs, which is how Drizzle calls. */
function nameRepeatedReads(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const none = (values: unknown) => values === undefined || (Array.isArray(values) && values.length === 0);
  client.query = ((...args: unknown[]) => {
    const config = args[0] as pg.QueryConfig | string;
    if (
      typeof config === 'object' &&
      config !== null &&
      !config.name &&
      typeof config.text === 'string' &&
      ((none(config.values) && (typeof args[1] === 'function' || none(args[1]))) || config.text.includes(PLAN_ONCE_MARK))
    ) {
      const name = nameOfRead(config.text);
      if (name) args[0] = { ...config, name };
    }
    return query(...args);
  }) as typeof client.query;
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/** A pg pool that knows which request holds each client, so a request whose client went away can be cancelled. */
class RequestAwarePool extends pg.Pool {
  // pg-pool's query() calls this.connect(callback) synchronously, so the caller's request scope is still current here.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const scope = requestScope.getStore();
    if (!scope) {
      if (!callback) return super.connect();
      super.connect(callback as never);
      return undefined;
    }
    const track = (client: pg.PoolClient) => {
      scope.clients.add(client);
      const release = client.release;
      client.release = (err?: Error | boolean) => {
        scope.clients.delete(client);
        return release.call(client, err);
      };
    };
    const gone = () => new ClientGoneError();
    if (callback) {
      if (scope.aborted) setImmediate(() => callback(gone(), undefined, () => undefined));
      else
        super.connect(((err: Error | undefined, client: pg.PoolClient | undefined) => {
          if (client) track(client);
          callback(err, client, (release) => client?.release(release as Error));
        }) as never);
      return undefined;
    }
    if (scope.aborted) return Promise.reject(gone());
    return super.connect().then((client) => {
      track(client);
      return client;
    });
  }
}

export interface PostgresOptions {
  /** Connections per API process (PG_POOL_SIZE). */
  poolSize?: number;
  /** Longest a statement may run, in ms (DB_STATEMENT_TIMEOUT_MS); 0 turns the limit off. */
  statementTimeoutMs?: number;
  /** How long a request waits for a connection before it answers 503, in ms. */
  connectTimeoutMs?: number;
  onError?: (error: Error) => void;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget =
  | ({ kind: 'postgres'; url: string } & PostgresOptions)
  | { kind: 'pglite'; dir: string; onError?: (error: Error) => void }
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File; onError?: (error: Error) => void };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const statementTimeout = target.statementTimeoutMs ?? 5000;
    const pool = new RequestAwarePool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: target.connectTimeoutMs ?? 5000,
      ...(statementTimeout > 0
        ? { statement_timeout: statementTimeout, lock_timeout: statementTimeout, idle_in_transaction_session_timeout: statementTimeout * 2 }
        : {}),
    });
    const onError = target.onError ?? (() => undefined);
    // A server that stops or restarts breaks idle and busy connections alike; pg emits 'error' on them. Without
    // listeners that would be an unhandled 'error' event that ends the process. The broken client is dropped by
    // the pool and the next request opens a new one, so the portal recovers when the database returns.
    pool.on('error', (error) => onError(error));
    const clock = new ChangeClock(false);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      tickOnWrites(client, clock);
      nameRepeatedReads(client);
    });
    const listener = listenForChanges(target.url, clock, onError);
    const cancelAbandoned = async (scope: RequestScope) => {
      scope.aborted = true;
      const busy = [...scope.clients];
      if (busy.length === 0) return;
      const canceller = new pg.Client({ connectionString: target.url, connectionTimeoutMillis: 2000 });
      canceller.on('error', () => undefined);
      try {
        await canceller.connect();
        for (const client of busy) {
          // Only while the request still holds it: once released, the backend may be running another request's query.
          const pid = (client as unknown as { processID?: number }).processID;
          if (pid && scope.clients.has(client)) await canceller.query('select pg_cancel_backend($1)', [pid]);
        }
      } catch (error) {
        onError(error as Error);
      } finally {
        await canceller.end().catch(() => undefined);
      }
    };
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    abandonHandlers.set(db, cancelAbandoned);
    registerChangeClock(db, clock);
    planRowsByKeys(db);
    // Lists' totals ride with their keys only where the planner costs a window before a LIMIT (db/list.ts).
    const version = pool.query<{ server_version_num: string }>('show server_version_num').then(
      ({ rows }) => {
        if (Number(rows[0]?.server_version_num) >= 170000) planWindowTotals(db);
      },
      () => undefined,
    );
    return {
      db,
      kind: 'postgres',
      async analyze() {
        const client = await pool.connect();
        try {
          await client.query('set statement_timeout = 0');
          // VACUUM too: it marks the freshly loaded pages all-visible, so index-only scans (the lists' deep pages
          // and counts) need not visit the table until autovacuum would have got round to it.
          await client.query('vacuum (analyze)');
          await client.query('reset statement_timeout');
        } finally {
          client.release();
        }
      },
      async migrate() {
        await version;
        // Several API processes may start at once against one server: one migrates, the others wait.
        const client = await pool.connect();
        try {
          // A migration may build an index on a large table: no statement limit for it.
          await client.query('set statement_timeout = 0');
          await client.query('select pg_advisory_lock(727274)');
          const migrator = drizzlePg(client, { schema }) as unknown as Db;
          const applied = await migrationCount(migrator);
          await migratePg(migrator as never, { migrationsFolder });
          if ((await migrationCount(migrator)) !== applied) await client.query('analyze');
        } finally {
          await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
          await client.query('reset statement_timeout').catch(() => undefined);
          client.release();
        }
      },
      async close() {
        await listener.close();
        await pool.end();
      },
    };
  }
  let release: (() => void) | undefined;
  let open: () => Promise<PgliteHandle>;
  if (target.kind === 'pglite') {
    mkdirSync(target.dir, { recursive: true });
    release = lockDataDir(target.dir);
    const dataDir = path.join(target.dir, 'pglite');
    open = () => PgliteThread.open({ dataDir });
  } else {
    const { loadDataDir } = target;
    // An in-memory database cannot come back after a crash: its contents died with it.
    let opened = false;
    open = async () => {
      if (opened) throw new DatabaseUnavailableError('The in-memory database was lost and cannot be reopened.');
      opened = true;
      return PgliteThread.open({ loadDataDir });
    };
  }
  let client: ReopeningPglite;
  try {
    client = new ReopeningPglite(await open(), open, target.onError);
  } catch (error) {
    release?.();
    throw error;
  }
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  // Only this process opens the data directory (lockDataDir), so every write passes through `client`.
  registerChangeClock(db, client.clock);
  planWindowTotals(db);
  return {
    db,
    kind: 'pglite',
    async migrate() {
      const applied = await migrationCount(db);
      await migratePglite(drizzlePglite(client as unknown as PGlite, { schema }), { migrationsFolder });
      if ((await migrationCount(db)) !== applied) await client.query('analyze');
    },
    analyze: async () => void (await client.query('analyze')),
    async close() {
      await client.close();
      release?.();
    },
  };
}

/**
 * PGlite runs inside this process, so it "goes away" only when its WebAssembly instance dies (out of memory, an
 * abort) or is closed. Then every query answers DatabaseUnavailableError (503) while one reopen of the same data
 * directory runs in the background, so the portal recovers without a restart. Drizzle only calls query() and
 * transaction(), which this forwards to the live instance.
 */
export class ReopeningPglite {
  private reopening: Promise<void> | undefined;
  private closed = false;

  constructor(
    public current: PgliteHandle,
    private readonly open: () => Promise<PgliteHandle>,
    private readonly onError: (error: Error) => void = () => undefined,
  ) {}

  /** Moved on by every write through this wrapper: the whole database's, since no other process opens it. */
  readonly clock = new ChangeClock(true);

  query: PGlite['query'] = (text, params, options) =>
    this.written(
      isWriteStatement(text),
      this.run((c) => c.query(text, params, options)),
    );
  exec: PGlite['exec'] = (...args) =>
    this.written(
      isWriteStatement(args[0]),
      this.run((c) => c.exec(...args)),
    );
  transaction: PGlite['transaction'] = (callback) =>
    this.written(
      true,
      this.run((c) => c.transaction(callback)),
    );
  dumpDataDir: PGlite['dumpDataDir'] = (...args) => this.run((c) => c.dumpDataDir(...args));

  /** Ticks the clock once a write has finished, whether it committed or failed. */
  private written<T>(write: boolean, result: Promise<T>): Promise<T> {
    if (!write) return result;
    const tick = () => this.clock.tick();
    result.then(tick, tick);
    return result;
  }

  private async run<T>(work: (client: PgliteHandle) => Promise<T>): Promise<T> {
    if (this.reopening) throw new DatabaseUnavailableError('The database is being reopened.');
    const client = this.current;
    try {
      return await work(client);
    } catch (error) {
      if (!this.closed && (client.closed || isFatalWasmError(error))) {
        this.reopen(client);
        throw new DatabaseUnavailableError('The embedded database stopped; it is being reopened.', { cause: error });
      }
      throw error;
    }
  }

  private reopen(dead: PgliteHandle) {
    if (this.reopening || this.current !== dead) return;
    this.onError(new Error('The embedded database stopped; reopening it.'));
    this.reopening = (async () => {
      await dead.close().catch(() => undefined);
      for (let attempt = 0; !this.closed; attempt++) {
        try {
          this.current = await this.open();
          return;
        } catch (error) {
          this.onError(error as Error);
          if (error instanceof DatabaseUnavailableError) return;
          await new Promise((r) => setTimeout(r, Math.min(5000, 200 * 2 ** attempt)));
        }
      }
    })().finally(() => {
      this.reopening = undefined;
    });
  }

  async close() {
    this.closed = true;
    await this.reopening?.catch(() => undefined);
    if (!this.current.closed) await this.current.close();
  }
}

/** What `ReopeningPglite` and the tests use of a PGlite instance; `PgliteThread` provides it across threads. */
export type PgliteHandle = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'dumpDataDir' | 'close' | 'closed'>;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type WorkerOptions = { rowMode?: 'array' | 'object'; paramTypes?: number[]; rawTypes?: number[] };

const pgliteWorker = new URL('./pglite-worker.mjs', import.meta.url);

/**
 * PGlite in a worker thread of its own (pglite-worker.mjs, decision 029): its WebAssembly, protocol and result
 * parsing run on another core than the API's routing, checks and serialisation. Statements and results cross as
 * structured clones; errors keep their fields (SQLSTATE code, constraint), so the error handler maps them as before.
 * A transaction is PGlite's own in the worker, which holds every other statement back until it ends.
 */
export class PgliteThread implements PgliteHandle {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private nextTx = 0;
  private ended: Error | undefined;

  private constructor() {
    this.worker = new Worker(pgliteWorker);
    // A worker that dies (out of memory, an abort in the WebAssembly) fails what it was doing and everything after.
    const die = (error: Error) => {
      this.ended ??= Object.assign(new Error(`PGlite is closed: ${error.message}`), { name: 'ExitStatus' });
      for (const { reject } of this.pending.values()) reject(this.ended);
      this.pending.clear();
    };
    this.worker.on('error', die);
    this.worker.on('exit', (code) => die(new Error(`the database thread exited (${code})`)));
    this.worker.on('message', (message: { id: number; result?: unknown; error?: Record<string, unknown> }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) {
        const { name, message: text, stack, ...fields } = message.error;
        waiting.reject(Object.assign(new Error(String(text)), { name, stack, ...fields }));
      } else waiting.resolve(message.result);
    });
  }

  /** A database in a new thread: a data directory, a dump loaded into memory, or an empty one in memory. */
  static async open(source: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteThread> {
    const thread = new PgliteThread();
    try {
      const dump = source.loadDataDir ? new Uint8Array(await source.loadDataDir.arrayBuffer()) : undefined;
      await thread.send({ op: 'open', dataDir: source.dataDir, loadDataDir: dump }, dump ? [dump.buffer] : []);
    } catch (error) {
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  get closed(): boolean {
    return this.ended !== undefined;
  }

  private send<T>(message: Record<string, unknown>, transfer: TransferListItem[] = []): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id }, transfer);
    });
  }

  query: PGlite['query'] = (text, params, options) => this.send({ op: 'query', text, params, options: workerOptions(options) });

  exec: PGlite['exec'] = (text, options) => this.send({ op: 'exec', text, options: workerOptions(options) });

  transaction: PGlite['transaction'] = async (callback) => {
    const tx = ++this.nextTx;
    await this.send({ op: 'begin', tx });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const handle = {
      query: ((text, params, options) => {
        open();
        return this.send({ op: 'query', tx, text, params, options: workerOptions(options) });
      }) as PGlite['query'],
      exec: ((text, options) => {
        open();
        return this.send({ op: 'exec', tx, text, options: workerOptions(options) });
      }) as PGlite['exec'],
      rollback: async () => {
        open();
        await this.send({ op: 'rollback', tx });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: Awaited<ReturnType<typeof callback>>;
    try {
      result = await callback(handle as never);
    } catch (error) {
      closed = true;
      await this.send({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    closed = true;
    await this.send({ op: 'end', tx, commit: true });
    return result;
  };

  dumpDataDir: PGlite['dumpDataDir'] = async () => {
    const bytes = await this.send<Uint8Array>({ op: 'dump' });
    return new File([bytes], 'pgdata.tar', { type: 'application/x-tar' });
  };

  close = async (): Promise<void> => {
    if (this.ended) return;
    await this.send({ op: 'close' }).catch(() => undefined);
    this.ended = Object.assign(new Error('PGlite is closed'), { name: 'ExitStatus' });
    await this.worker.terminate();
  };
}

/**
 * Options as data. Parsers are functions and cannot cross threads; the only ones the API passes are Drizzle's,
 * which keep dates, timestamps and intervals as the database wrote them, so they travel as a list of those types.
 */
function workerOptions(options: Parameters<PGlite['query']>[2]): WorkerOptions | undefined {
  if (!options) return undefined;
  const { rowMode, paramTypes, parsers, serializers, blob } = options;
  if (serializers || blob) throw new Error('The database thread takes no serializers or blobs.');
  const rawTypes = parsers
    ? Object.entries(parsers).map(([oid, parse]) => {
        if (parse('2026-01-02 03:04:05', Number(oid)) !== '2026-01-02 03:04:05')
          throw new Error(`The database thread keeps type ${oid} as text; a parser that changes it is not supported.`);
        return Number(oid);
      })
    : undefined;
  return { rowMode, paramTypes, rawTypes };
}

const isFatalWasmError = (error: unknown) =>
  (error as { name?: unknown })?.name === 'RuntimeError' ||
  (error as { name?: unknown })?.name === 'ExitStatus' ||
  /PGlite is closed/.test(String(error));

async function migrationCount(db: Db): Promise<number> {
  try {
    const result = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { n: number }[];
    };
    return Number(result.rows[0]?.n ?? 0);
  } catch {
    return 0;
  }
}

const abandonHandlers = new WeakMap<Db, (scope: RequestScope) => Promise<void>>();

/**
 * Whether a request's database work can be cancelled when its client goes away (PostgreSQL; PGlite cannot). Only
 * then is each request run in a scope of its own: AsyncLocalStorage slows every promise on Node 20.
 */
export const cancelsAbandonedRequests = (db: Db): boolean => abandonHandlers.has(db);

/** Cancels what a request whose client went away still runs on the database (PostgreSQL only; PGlite cannot). */
export function abandonRequest(db: Db, scope: RequestScope): Promise<void> {
  scope.aborted = true;
  return abandonHandlers.get(db)?.(scope) ?? Promise.resolve();
}

/** Dumps an in-memory PGlite database, so tests can start many copies of one migrated and seeded database. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: ReopeningPglite }).$client;
  return client.dumpDataDir('none');
}

export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(schema.locations);
  return (rows[0]?.n ?? 0) === 0;
}

/** Builds something per database once (prepared statements), then hands out the same one. */
export function oncePerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let found = built.get(db);
    if (found === undefined) {
      found = build(db);
      built.set(db, found);
    }
    return found;
  };
}
