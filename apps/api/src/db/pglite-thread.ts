// PGlite in a worker thread of its own (pglite-worker.mjs, decision 029), seen from the API's thread.
import { type TransferListItem, Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';

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
