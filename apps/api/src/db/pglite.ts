// PGlite (the default, embedded): a data directory locked to this process, or a database in memory, in a worker thread
// of its own (pglite-worker.mjs, decision 029). node-postgres talks to it as to a server, its socket's bytes crossing to
// the thread (decision 148). Should the thread die, statements answer 503 while a new thread reopens the directory.
import path from 'node:path';
import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/node-postgres';
import { ChangeClock, registerChangeClock } from './changes';
import { LendingPool } from './lending-pool';
import { lockDataDir } from './lock';
import { applyMigrations } from './migrating';
import { DatabaseUnavailableError } from './outage';
import * as schema from './schema/index';
import type { Db, OpenedDatabase, OpenOptions } from './types';

export interface PgliteDatabase extends OpenedDatabase {
  kind: 'pglite';
  pglite: PgliteThread;
  /** A consistent copy of the data directory: a checkpoint, then PGlite's dump, with no statement in between. */
  dump(): Promise<File>;
}

export type PgliteTarget = OpenOptions & ({ kind: 'pglite'; dir: string } | { kind: 'pglite-memory'; loadDataDir?: Blob | File });

export async function openPglite(target: PgliteTarget): Promise<PgliteDatabase> {
  const release = target.kind === 'pglite' ? lockDataDir(target.dir) : undefined;
  const thread = new PgliteThread(
    target.kind === 'pglite'
      ? { dataDir: path.join(target.dir, 'pglite') }
      : { loadDataDir: target.loadDataDir && new Uint8Array(await target.loadDataDir.arrayBuffer()) },
    target.onError ?? (() => undefined),
  );
  await thread.ready.catch(async (error) => {
    await thread.close();
    release?.();
    throw error;
  });
  // PGlite's one session, lent to one caller at a time (decision 148); a new client closes what a broken one left in it.
  const pool = new LendingPool({
    max: 1,
    idleTimeoutMillis: 0,
    stream: () => new ThreadSocket(thread),
    // PGlite's one role: a startup under another name (node-postgres's default: the OS user's) stops PGlite.
    user: 'postgres',
    database: 'postgres',
    pipeline: true,
    onConnect: async (client) => void (await client.query('rollback; deallocate all')),
  });
  pool.on('error', () => undefined); // An idle client broken with its thread: its death is told once, by PgliteThread.
  const db = drizzle(pool, { schema, logger: target.logger }) as unknown as Db;
  // Only this process writes the directory (lockDataDir): every write is told by tablesChanged, the clock always live.
  registerChangeClock(db, new ChangeClock(true));
  return {
    db,
    pglite: thread,
    kind: 'pglite',
    migrate: () => applyMigrations(db),
    analyze: async () => void (await pool.query('analyze')),
    dump: async () => new File([await thread.send<Uint8Array>({ op: 'dump' })], 'pgdata.tar', { type: 'application/x-tar' }),
    async close() {
      await pool.end();
      await thread.close();
      release?.();
    },
  };
}

/** Messages of the extended protocol answered only at the Sync that ends them (Parse, Bind, Describe, Execute, Close). */
const HELD_UNTIL_SYNC = new Set(['P', 'B', 'D', 'E', 'C'].map((letter) => letter.charCodeAt(0)));

/** node-postgres's socket to the thread: messages are held until one that is answered, then cross together. */
class ThreadSocket extends Duplex {
  private held: Buffer[] = [];

  constructor(private readonly thread: PgliteThread) {
    super();
    // A new thread has none of this session's statements: the client breaks with the thread it started on.
    const { worker } = thread;
    const ended = () => this.destroy(new DatabaseUnavailableError(STOPPED));
    worker.once('exit', ended);
    this.once('close', () => worker.off('exit', ended));
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
    this.thread.send<Uint8Array>({ op: 'protocol', bytes }).then((answer) => {
      if (answer.length > 0) this.push(answer);
      done();
    }, done);
  }

  override _final(done: () => void) {
    this.push(null);
    done();
  }
}

const STOPPED = 'The embedded database stopped; it is being reopened.';
type Answer = { result?: unknown; error?: { name: string; message: string; stack?: string } };

/** The thread (pglite-worker.mjs): messages in, answered in the order sent; started again on the directory should it die. */
export class PgliteThread {
  worker!: Worker;
  /** Who waits for each answer, in the order the messages were sent. */
  private pending: { resolve: (value: never) => void; reject: (error: Error) => void }[] = [];
  /** Why messages are refused: the thread is starting, dead or closed. */
  private down: Error | undefined = new DatabaseUnavailableError('The embedded database is starting.');
  /** Starts since the thread last opened its database: each waits longer (up to 5 s). */
  private restarts = 0;
  private closed = false;
  readonly ready: Promise<void>;

  constructor(
    private readonly source: { dataDir?: string; loadDataDir?: Uint8Array },
    private readonly onError: (error: Error) => void,
  ) {
    this.ready = this.start();
  }

  private async start(): Promise<void> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url));
    this.worker = worker;
    let failure: Error | undefined;
    worker.on('error', (error) => (failure = error));
    worker.on('exit', (code) => this.died(worker, failure ?? new Error(`the database thread exited (${code})`)));
    worker.on('message', ({ result, error }: Answer) => {
      const waiting = worker === this.worker ? this.pending.shift() : undefined;
      if (error) waiting?.reject(Object.assign(new Error(error.message), { name: error.name, stack: error.stack }));
      else waiting?.resolve(result as never);
    });
    await this.post({ op: 'open', ...this.source }).catch((error) => {
      failure = error;
      void worker.terminate();
      throw error;
    });
    this.down = undefined;
    this.restarts = 0;
  }

  /** Fails what the dead thread was doing, then reopens the data directory (a database in memory died with it). */
  private died(worker: Worker, error: Error) {
    if (worker !== this.worker) return;
    this.down = new DatabaseUnavailableError(STOPPED, { cause: error });
    for (const { reject } of this.pending.splice(0)) reject(this.down);
    if (this.closed || !this.source.dataDir) return;
    this.onError(new Error(`The embedded database stopped (${error.message}); reopening it.`));
    // A start that fails ends its thread in turn, and comes back here.
    setTimeout(() => this.closed || this.start().catch(() => undefined), Math.min(5000, 100 * 2 ** this.restarts++));
  }

  private post<T>(message: object): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // Only a message sent waits for an answer: one that could not be sent must not take another's.
      this.worker.postMessage(message);
      this.pending.push({ resolve, reject });
    });
  }

  /** A message to the running thread: 'protocol' bytes are answered with the server's, a 'dump' with a tar. */
  send<T>(message: { op: 'protocol'; bytes: Uint8Array } | { op: 'dump' | 'close' }): Promise<T> {
    return this.down ? Promise.reject(this.down) : this.post(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.send({ op: 'close' }).catch(() => undefined);
    await this.worker.terminate();
    this.down = new DatabaseUnavailableError('The embedded database is closed.');
  }
}
