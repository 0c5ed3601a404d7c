// PGlite (the default, embedded): a data directory locked to this process, or a database in memory, in a worker
// thread of its own (pglite-worker.mjs, decision 029) so its WebAssembly has the second core. node-postgres talks to
// it as to a PostgreSQL server, its socket's bytes crossing to the thread (decision 148). Should the thread die,
// statements answer 503 while a new thread reopens the directory.
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/node-postgres';
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
  // PGlite's one session, lent to one caller at a time: a statement, or a transaction to its end (decision 148). A
  // client breaks with its thread and pg-pool drops it; the next one first closes what that one left in the session.
  const pool = new LendingPool({
    max: 1,
    idleTimeoutMillis: 0,
    stream: () => new ThreadSocket(thread),
    // PGlite's one role: a startup under another name (node-postgres's default: the OS user's) is refused with a FATAL
    // that stops PGlite.
    user: 'postgres',
    database: 'postgres',
    pipeline: true,
    onConnect: async (client) => void (await client.query('rollback; deallocate all')),
  });
  // An idle client broken with its thread: the thread's death is told once, by PgliteThread.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema }) as unknown as Db;
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
    // A new thread has none of this session's statements: the client breaks with the thread it started on.
    const stopped = (error: Error) => this.destroy(error);
    thread.events.once('stopped', stopped);
    this.once('close', () => thread.events.off('stopped', stopped));
  }

  connect() {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  // What node-postgres and pg-pool ask of a network socket, and that a stream between threads has nothing to do for.
  setNoDelay() {}
  ref() {}
  unref() {}

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
  /** 'stopped' (with the error statements now get) when the thread dies or is closed. */
  readonly events = new EventEmitter();
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
      const { name, message: text, stack, databaseClosed } = message.error;
      const failure = Object.assign(new Error(String(text)), { name, stack });
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
    this.down = undefined;
  }

  /** Fails what the dead thread was doing, then reopens the data directory (a database in memory died with it). */
  private died(worker: Worker, error: Error) {
    if (worker !== this.worker) return;
    const gone = new DatabaseUnavailableError('The embedded database stopped; it is being reopened.', { cause: error });
    this.down = gone;
    this.events.emit('stopped', gone);
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
    this.events.emit('stopped', this.down);
    await this.worker.terminate();
  }
}
