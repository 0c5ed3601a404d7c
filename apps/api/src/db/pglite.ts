// PGlite (the default, embedded): one data directory, locked to this process, or a database in memory. It runs in a
// worker thread of its own (pglite-worker.mjs, decision 029), so its WebAssembly has the machine's second core while
// the API's thread routes, checks and serialises. Should the thread die (out of memory, an abort in the WebAssembly),
// every statement answers DatabaseUnavailableError (503) while a new thread reopens the same directory.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { ChangeClock, registerChangeClock } from './changes';
import { lockDataDir } from './lock';
import { migrationCount, migrationsFolder } from './migrating';
import { DatabaseUnavailableError } from './outage';
import * as schema from './schema/index';
import type { Db, OpenedDatabase } from './types';

export interface PgliteDatabase extends OpenedDatabase {
  kind: 'pglite';
  pglite: PgliteThread;
}

export type PgliteTarget =
  | { kind: 'pglite'; dir: string; onError?: (error: Error) => void }
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File; onError?: (error: Error) => void };

/** Opens PGlite in its own thread: a data directory (locked to this process) or a database in memory. */
export async function openPglite(target: PgliteTarget): Promise<PgliteDatabase> {
  let release: (() => void) | undefined;
  let source: { dataDir?: string; loadDataDir?: Uint8Array };
  if (target.kind === 'pglite') {
    mkdirSync(target.dir, { recursive: true });
    release = lockDataDir(target.dir);
    source = { dataDir: path.join(target.dir, 'pglite') };
  } else source = { loadDataDir: target.loadDataDir ? new Uint8Array(await target.loadDataDir.arrayBuffer()) : undefined };
  const client = new PgliteThread(source, target.onError ?? (() => undefined));
  await client.started.catch(async (error) => {
    await client.close();
    release?.();
    throw error;
  });
  const db = drizzle(client as unknown as PGlite, { schema }) as unknown as Db;
  // Only this process opens the data directory (lockDataDir), so every write is told by the code that made it
  // (tablesChanged): nobody else can write, and the clock is always live.
  registerChangeClock(db, new ChangeClock(true));
  return {
    db,
    pglite: client,
    kind: 'pglite',
    async migrate() {
      const applied = await migrationCount(db);
      await migrate(drizzle(client as unknown as PGlite, { schema }), { migrationsFolder });
      if ((await migrationCount(db)) !== applied) await client.query('analyze');
    },
    analyze: async () => void (await client.query('analyze')),
    async close() {
      await client.close();
      release?.();
    },
  };
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Options = Parameters<PGlite['query']>[2];

/**
 * What Drizzle calls of PGlite (query, exec, transaction), across threads: statements and results cross as
 * structured clones, errors keep their fields (SQLSTATE code, constraint) so the error handler maps them as before.
 */
export class PgliteThread {
  private worker!: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** While a transaction is open, statements outside it wait: PGlite has one session. */
  private transactionEnded: Promise<void> | undefined;
  /** Why statements are refused: the thread is starting, dead or being reopened. */
  private down: Error | undefined = new DatabaseUnavailableError('The embedded database is starting.');
  private reopening = false;
  private closed = false;
  readonly started: Promise<void>;

  constructor(
    private readonly source: { dataDir?: string; loadDataDir?: Uint8Array },
    private readonly onError: (error: Error) => void,
  ) {
    this.started = this.start();
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
      waiting?.reject(Object.assign(new Error(String(text)), { name, stack, ...fields }));
      if (databaseClosed) void worker.terminate();
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

  // Each waits for an open transaction to end, then sends at once (in the same turn), before another can begin.
  query = async (text: string, params?: unknown[], options?: Options) => {
    while (this.transactionEnded) await this.transactionEnded;
    return this.send({ op: 'query', text, params, options: optionsOf(options) });
  };

  exec = async (text: string, options?: Options) => {
    while (this.transactionEnded) await this.transactionEnded;
    return this.send({ op: 'exec', text, options: optionsOf(options) });
  };

  transaction = async <T>(callback: (tx: unknown) => Promise<T>): Promise<T> => {
    while (this.transactionEnded) await this.transactionEnded;
    let ended!: () => void;
    this.transactionEnded = new Promise((resolve) => (ended = resolve));
    let open = true;
    const inIt = (message: Record<string, unknown>) => (open ? this.send(message) : Promise.reject(new Error('Transaction is closed')));
    const run = (text: string, params?: unknown[], options?: Options) => inIt({ op: 'query', text, params, options: optionsOf(options) });
    try {
      await run('begin');
      const tx = {
        query: run,
        exec: (text: string, options?: Options) => inIt({ op: 'exec', text, options: optionsOf(options) }),
        rollback: async () => {
          await run('rollback');
          open = false;
        },
        get closed() {
          return !open;
        },
      };
      const result = await callback(tx).catch(async (error) => {
        if (open) await run('rollback').catch(() => undefined);
        open = false;
        throw error;
      });
      if (open) await run('commit');
      return result;
    } finally {
      open = false;
      this.transactionEnded = undefined;
      ended();
    }
  };

  async dumpDataDir(): Promise<File> {
    while (this.transactionEnded) await this.transactionEnded;
    const bytes = await this.send<Uint8Array>({ op: 'dump' });
    return new File([bytes], 'pgdata.tar', { type: 'application/x-tar' });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.send({ op: 'close' }).catch(() => undefined);
    this.down = new DatabaseUnavailableError('The embedded database is closed.');
    await this.worker.terminate();
  }
}

/**
 * Options as data: parsers are functions and cannot cross threads. The only ones the API passes are Drizzle's, which
 * keep dates, timestamps and intervals as the database wrote them, so they travel as a list of those types.
 */
function optionsOf(options: Options) {
  if (!options) return undefined;
  const { rowMode, paramTypes, parsers, serializers, blob } = options;
  if (serializers || blob) throw new Error('The database thread takes no serializers or blobs.');
  const rawTypes = Object.entries(parsers ?? {}).map(([oid, parse]) => {
    if (parse('2026-01-02 03:04:05', Number(oid)) !== '2026-01-02 03:04:05')
      throw new Error(`The database thread keeps type ${oid} as text; a parser that changes it is not supported.`);
    return Number(oid);
  });
  return { rowMode, paramTypes, rawTypes };
}
