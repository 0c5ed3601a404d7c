// PGlite (the default, embedded): a data directory locked to this process, or a database in memory, in a worker
// thread of its own (pglite-worker.mjs, decision 029) so its WebAssembly has the second core. node-postgres talks to
// it as to a PostgreSQL server, its socket's bytes crossing to the thread (decision 148). Should the thread die,
// statements answer 503 while a new thread reopens the directory.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
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
  await thread.ready.catch(async (error) => {
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
  private client: { started: number; ready: Promise<pg.Client> } | undefined;

  constructor(private readonly thread: PgliteThread) {
    super({ max: 1 });
  }

  /** The session's client, over a socket to the thread: a new one after the last broke or the thread was started again. */
  private session(): Promise<pg.Client> {
    const { started } = this.thread;
    if (this.client?.started !== started) {
      const client = new pg.Client({
        stream: () => new ThreadSocket(this.thread),
        user: 'postgres',
        database: 'postgres',
        pipeline: true,
      } as pg.ClientConfig);
      // The session outlives a client that broke: what that one left open or prepared is closed before this one starts.
      const ready = client
        .connect()
        .then(() => client.query('rollback; deallocate all'))
        .then(() => client);
      // A client that broke, or could not start, is not queryable again: the next statement takes a new one.
      const forget = () => {
        if (this.client?.ready === ready) this.client = undefined;
      };
      client.on('error', forget);
      ready.catch(forget);
      this.client = { started, ready };
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

/** Messages of the extended protocol answered only at the Sync that ends them (Parse, Bind, Describe, Execute, Close). */
const HELD_UNTIL_SYNC = new Set(['P', 'B', 'D', 'E', 'C'].map((letter) => letter.charCodeAt(0)));

/**
 * node-postgres's socket, its other end in the thread: the messages it writes are held until one that is answered,
 * then cross together, and the answer's bytes come back for node-postgres to read as from a server.
 */
class ThreadSocket extends Duplex {
  private held: Buffer[] = [];

  constructor(private readonly thread: PgliteThread) {
    super();
  }

  connect() {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay() {
    return this;
  }

  override _read() {}

  override _write(message: Buffer, _encoding: string, done: (error?: Error | null) => void) {
    this.held.push(message);
    if (HELD_UNTIL_SYNC.has(message[0]!)) return done();
    const bytes = Buffer.concat(this.held);
    this.held = [];
    this.thread.exchange(bytes).then((answer) => {
      if (answer.length > 0) this.push(answer);
      done();
    }, done);
  }

  override _final(done: () => void) {
    this.push(null);
    done();
  }
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** The thread: the database's protocol bytes in, its answers out, and the thread started again should it die. */
export class PgliteThread {
  private worker!: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** Why statements are refused: the thread is starting, dead or being reopened. */
  private down: Error | undefined = new DatabaseUnavailableError('The embedded database is starting.');
  private reopening = false;
  private closed = false;
  /** Moves on with each new thread, which has nothing prepared yet: the session takes a new client. */
  started = 0;
  readonly ready: Promise<void>;

  constructor(
    private readonly source: { dataDir?: string; loadDataDir?: Uint8Array },
    private readonly onError: (error: Error) => void,
  ) {
    this.ready = this.start();
  }

  /** Protocol messages to the database, and the bytes it answers. */
  exchange = (bytes: Uint8Array): Promise<Uint8Array> => this.send({ op: 'protocol', bytes });

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
    this.started++;
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
