// The embedded database in a thread of its own (decision 029). PGlite runs PostgreSQL compiled to WebAssembly in
// the thread that created it, and with its protocol handling and result parsing that was half of every read's CPU
// on the API's one thread. Here it has the machine's second core: the API thread builds queries, checks and
// serialises while this thread runs statements. Plain JavaScript so that node runs it as it is, from the
// TypeScript sources (tsx) and from the API bundle alike. The API talks to it through `PgliteThread` (pglite-thread.ts):
//   { id, op: 'open', dataDir?, loadDataDir? }   opens the database (a directory, or in memory from a dump)
//   { id, op: 'query', text, params, options }    one statement, its values bound as parameters (below)
//   { id, op: 'exec', text, options }             one or more statements through the simple protocol
//   { id, op: 'begin', tx } … { id, op: 'end', tx, commit }   a transaction: statements carrying `tx` run in it
//   { id, op: 'dump' }, { id, op: 'close' }
// and answers { id, result } or { id, error } (the error's own fields, so SQLSTATE codes reach the error handler).
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {PGlite | undefined} */
let db;
/** Open transactions: their PGlite handle and how to end them. @type {Map<number, { handle: Promise<any>, end: (commit: boolean) => void, done: Promise<unknown> }>} */
const transactions = new Map();

// A statement's values go as bound parameters through PGlite's extended protocol (`query(text, params)`), as
// they do on PostgreSQL: never quoted into the statement's text (issue 24). PGlite plans such a statement on each
// run, which costs more than running a PREPAREd one; docs/bench/pglite-bound-parameters.md has the figures.

/** Functions cannot cross threads: the caller names the types whose text is kept as it is (Drizzle's dates). */
function optionsOf(/** @type {any} */ options) {
  if (!options) return undefined;
  const { rawTypes, ...rest } = options;
  if (!rawTypes?.length) return rest;
  return { ...rest, parsers: Object.fromEntries(rawTypes.map((/** @type {number} */ oid) => [oid, (/** @type {string} */ v) => v])) };
}

/** The transaction a statement belongs to, or the database itself. */
async function target(/** @type {number | undefined} */ tx) {
  if (tx === undefined) return /** @type {PGlite} */ (db);
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open.handle;
}

/** @param {any} message */
async function handle(message) {
  switch (message.op) {
    case 'open':
      db = await PGlite.create(
        message.dataDir ? { dataDir: message.dataDir } : message.loadDataDir ? { loadDataDir: new Blob([message.loadDataDir]) } : {},
      );
      // Its pages are in this process's memory or the OS's cache: a random read costs what a sequential one does,
      // so the planner should not shy from an index for a few rows of a small table (decision 029).
      await db.exec('set random_page_cost = 1.1');
      return null;
    case 'query': {
      const client = await target(message.tx);
      return client.query(message.text, message.params, optionsOf(message.options));
    }
    case 'exec': {
      const client = await target(message.tx);
      return client.exec(message.text, optionsOf(message.options));
    }
    case 'begin': {
      // PGlite's own transaction: it holds every other statement back until this one ends, as it does in-process.
      /** @type {(commit: boolean) => void} */
      let end = () => undefined;
      /** @type {(handle: any) => void} */
      let started = () => undefined;
      const handle = new Promise((resolve) => {
        started = resolve;
      });
      const done = /** @type {PGlite} */ (db).transaction(async (tx) => {
        started(tx);
        const commit = await new Promise((resolve) => {
          end = resolve;
        });
        if (!commit && !tx.closed) await tx.rollback();
      });
      const entry = { handle, end: (/** @type {boolean} */ commit) => end(commit), done };
      transactions.set(message.tx, entry);
      try {
        await Promise.race([handle, done]);
      } catch (error) {
        // BEGIN failed: the transaction never started.
        transactions.delete(message.tx);
        throw error;
      }
      return null;
    }
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error('Transaction is closed');
      transactions.delete(message.tx);
      open.end(Boolean(message.commit));
      await open.done;
      return null;
    }
    case 'rollback': {
      const client = await target(message.tx);
      await client.rollback();
      return null;
    }
    case 'dump': {
      const file = await /** @type {PGlite} */ (db).dumpDataDir('none');
      return new Uint8Array(await file.arrayBuffer());
    }
    case 'close':
      if (db && !db.closed) await db.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

/** An error as plain data: its name, message and own fields (code, detail, constraint…). */
function errorData(/** @type {any} */ error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  /** @type {Record<string, unknown>} */
  const data = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || key === 'params') continue;
    data[key] = typeof value === 'object' && value !== null ? JSON.parse(JSON.stringify(value)) : value;
  }
  if (db?.closed) data.databaseClosed = true;
  return data;
}

parentPort?.on('message', async (/** @type {any} */ message) => {
  try {
    const result = await handle(message);
    parentPort?.postMessage({ id: message.id, result }, result instanceof Uint8Array ? [result.buffer] : []);
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: errorData(error) });
  }
});
