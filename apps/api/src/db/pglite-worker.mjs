// The embedded database in a thread of its own (decision 029), talked to by `PgliteThread` (pglite.ts). Plain
// JavaScript so that node runs it as it is, from the TypeScript sources (tsx) and from the API bundle alike:
//   { id, op: 'open', dataDir?, loadDataDir? }   opens the database (a directory, or in memory from a dump)
//   { id, op: 'query', text, params, options }    one statement, its values bound as parameters (never quoted into it)
//   { id, op: 'exec', text, options }             one or more statements through the simple protocol
//   { id, op: 'dump' }, { id, op: 'close' }
// and answers { id, result } or { id, error } (the error's own fields, so SQLSTATE codes reach the error handler).
// A transaction is BEGIN … COMMIT sent by PgliteThread, which holds other statements back meanwhile.
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {PGlite | undefined} */
let db;

/** Functions cannot cross threads: the caller names the types whose text is kept as it is (Drizzle's dates). */
function optionsOf(/** @type {any} */ options) {
  if (!options) return undefined;
  const { rawTypes, ...rest } = options;
  if (!rawTypes?.length) return rest;
  return { ...rest, parsers: Object.fromEntries(rawTypes.map((/** @type {number} */ oid) => [oid, (/** @type {string} */ v) => v])) };
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
    case 'query':
      return /** @type {PGlite} */ (db).query(message.text, message.params, optionsOf(message.options));
    case 'exec':
      return /** @type {PGlite} */ (db).exec(message.text, optionsOf(message.options));
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
