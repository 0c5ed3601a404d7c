// PGlite (the default, embedded): a data directory locked to this process, or a database in memory, in a worker
// thread of its own (pglite-worker.mjs, decision 029) so its WebAssembly has the second core. The API talks to it as
// to PostgreSQL through node-postgres and PGlite's adapter (decision 127). Should the thread die, statements answer
// 503 while a new thread reopens the directory.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { PglitePgConnection } from '@electric-sql/pglite/node-postgres';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ChangeClock, registerChangeClock } from './changes';
import { lockDataDir } from './lock';
import { LendingPool } from './lending-pool';
import { applyMigrations } from './migrating';
import { DatabaseUnavailableError } from './outage';
import * as schema from './schema/index';
import type { Db, OpenedDatabase } from './types';

export interface PgliteDatabase extends OpenedDatabase {
  kind: 'pglite';
  pglite: PgliteThread;
  /** A consistent copy of the data directory: a checkpoint, then PGlite's dump, with no statement in between. */
  dump(): Promise<File>;
}

export type PgliteTarget =
  | { kind: 'pglite'; dir: string; onError?: (error: Error) => void }
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File; onError?: (error: Error) => void };

export async function openPglite(target: PgliteTarget): Promise<PgliteDatabase> {
  let release: (() => void) | undefined;
  let source: { dataDir?: string; loadDataDir?: Uint8Array };
  if (target.kind === 'pglite') {
    mkdirSync(target.dir, { recursive: true });
    release = lockDataDir(target.dir);
    source = { dataDir: path.join(target.dir, 'pglite') };
  } else source = { loadDataDir: target.loadDataDir ? new Uint8Array(await target.loadDataDir.arrayBuffer()) : undefined };
  const onError = target.onError ?? (() => undefined);
  const thread = new PgliteThread(source, onError);
  await thread.started.catch(async (error) => {
    await thread.close();
    release?.();
    throw error;
  });
  const pool = new OneSession(thread);
  const db = drizzle(pool as pg.Pool, { schema }) as unknown as Db;
  // Only this process writes the directory (lockDataDir): every write is told by tablesChanged, the clock always live.
  registerChangeClock(db, new ChangeClock(true));
  return {
    db,
    pglite: thread,
    kind: 'pglite',
    migrate: () => applyMigrations(db),
    analyze: async () => void (await pool.query('analyze')),
    async dump() {
      const client = await pool.connect();
      try {
        await client.query('checkpoint');
        return await thread.dumpDataDir();
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
      await thread.close();
      release?.();
    },
  };
}

/** PGlite's one session as a pool, lent to one caller at a time (a statement or a whole transaction; decision 130). */
class OneSession extends LendingPool {
  private turn: Promise<void> = Promise.resolve();
  private client: { connection: PglitePgConnection; ready: Promise<pg.Client> } | undefined;

  constructor(private readonly thread: PgliteThread) {
    super({ max: 1 });
  }

  private session(): Promise<pg.Client> {
    const { connection } = this.thread;
    if (this.client?.connection !== connection) {
      const client = new pg.Client({ connection, pipeline: true } as pg.ClientConfig);
      const ready = client.connect().then(() => client);
      // A client that broke is not queryable again: the next statement takes a new one. Its listeners leave the
      // connection with it (as the adapter's own end() does), or each statement during a reopen would add a set.
      client.on('error', () => {
        if (this.client?.ready !== ready) return;
        this.client = undefined;
        for (const event of connection.eventNames()) if (event !== 'newListener') connection.removeAllListeners(event);
      });
      this.client = { connection, ready };
    }
    return this.client.ready;
  }

  // Drizzle takes the pool's client as a promise; the callback form is not offered.
  override async connect(): Promise<pg.PoolClient> {
    const previous = this.turn;
    let release!: () => void;
    this.turn = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      return Object.assign(await this.session(), { release }) as unknown as pg.PoolClient;
    } catch (error) {
      release();
      throw error;
    }
  }

  /** Ends the session once what it lent out (a statement or a whole transaction) is given back. */
  override async end() {
    const client = await this.connect().catch(() => undefined);
    await client?.end().catch(() => undefined);
    client?.release();
  }
}

/** PGlite's adapter, but Parse gets parameter types only as a list (Drizzle's `types` object of parsers breaks it). */
class ThreadConnection extends PglitePgConnection {
  override parse(query: { types?: unknown }) {
    super.parse({ ...query, types: Array.isArray(query.types) ? query.types : undefined });
  }
}

/** An error message of the protocol, as node-postgres makes it: a DatabaseError with its fields (code, constraint…). */
function databaseError({ message, length, ...fields }: Record<string, unknown>) {
  return Object.assign(new pg.DatabaseError(String(message), Number(length), 'error'), fields);
}

/** The extended protocol's Parse, Bind, Describe, Execute and Close (their first bytes): answered after a Sync. */
const HELD_UNTIL_SYNC = new Set(['P', 'B', 'D', 'E', 'C'].map((letter) => letter.charCodeAt(0)));

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** The thread, offering what PGlite's adapter asks of a PGlite (`waitReady`, `execProtocolStream`): protocol bytes. */
export class PgliteThread {
  private worker!: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** Why statements are refused: the thread is starting, dead or being reopened. */
  private down: Error | undefined = new DatabaseUnavailableError('The embedded database is starting.');
  private reopening = false;
  private closed = false;
  readonly started: Promise<void>;
  /** The session's connection for node-postgres; a new one with each new thread (nothing prepared in it yet). */
  connection!: PglitePgConnection;
  private held: Uint8Array[] = [];
  /** A connection's first message need not wait: while the thread is down it fails at once (503). */
  readonly waitReady = Promise.resolve();

  constructor(
    private readonly source: { dataDir?: string; loadDataDir?: Uint8Array },
    private readonly onError: (error: Error) => void,
  ) {
    this.started = this.start();
  }

  /** A statement's messages are held until the Sync that ends them, and cross to the thread together. */
  async execProtocolStream(bytes: Uint8Array): Promise<unknown[]> {
    this.held.push(bytes);
    if (HELD_UNTIL_SYNC.has(bytes[0]!)) return [];
    const batch = Buffer.concat(this.held);
    this.held = [];
    const answers = await this.send<Record<string, unknown>[]>({ op: 'protocol', bytes: batch });
    return answers.map((answer) => (answer.name === 'error' ? databaseError(answer) : answer));
  }

  private async start(): Promise<void> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url));
    this.worker = worker;
    worker.on('error', (error) => this.died(worker, error));
    worker.on('exit', (code) => this.died(worker, new Error(`the database thread exited (${code})`)));
    worker.on('message', (message: { id: number; result?: unknown; error?: Record<string, unknown> }) => {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (!message.error) return waiting?.resolve(message.result);
      const { name, message: text, stack, databaseClosed, ...fields } = message.error;
      const failure = Object.assign(new Error(String(text)), { name, stack, ...fields });
      if (!databaseClosed) return waiting?.reject(failure);
      // Its database closed under it (an abort in the WebAssembly): an outage, and the thread is started again.
      waiting?.reject(new DatabaseUnavailableError('The embedded database stopped; it is being reopened.', { cause: failure }));
      void worker.terminate();
    });
    try {
      await this.post({ op: 'open', dataDir: this.source.dataDir, loadDataDir: this.source.loadDataDir });
    } catch (error) {
      void worker.terminate();
      throw error;
    }
    this.connection = new ThreadConnection({ pglite: this as unknown as PGlite });
    this.held = [];
    this.down = undefined;
  }

  /** Fails what the dead thread was doing, then reopens the data directory (a database in memory died with it). */
  private died(worker: Worker, error: Error) {
    if (worker !== this.worker) return;
    const gone = new DatabaseUnavailableError('The embedded database stopped; it is being reopened.', { cause: error });
    this.down = gone;
    for (const { reject } of this.pending.values()) reject(gone);
    this.pending.clear();
    if (this.closed || this.reopening || !this.source.dataDir) return;
    this.reopening = true;
    this.onError(new Error(`The embedded database stopped (${error.message}); reopening it.`));
    void (async () => {
      for (let attempt = 0; !this.closed; attempt++) {
        try {
          await this.start();
          break;
        } catch (failed) {
          this.onError(failed as Error);
          await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 200 * 2 ** attempt)));
        }
      }
      this.reopening = false;
    })();
  }

  private post<T>(message: Record<string, unknown>): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private send<T>(message: Record<string, unknown>): Promise<T> {
    return this.down ? Promise.reject(this.down) : this.post(message);
  }

  dumpDataDir = async (): Promise<File> =>
    new File([await this.send<Uint8Array>({ op: 'dump' })], 'pgdata.tar', { type: 'application/x-tar' });

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.send({ op: 'close' }).catch(() => undefined);
    this.down = new DatabaseUnavailableError('The embedded database is closed.');
    await this.worker.terminate();
  }
}
