// The embedded database in a thread of its own (decision 029), driven by `PgliteThread` (pglite.ts); plain JavaScript
// so that node runs it as it is. Messages: { id, op: 'open' | 'protocol' | 'dump' | 'close', … }; answers { id, result }
// (for 'protocol', the bytes the server answers, a failed statement's ErrorResponse among them) or { id, error }, what
// PGlite itself threw, as plain data.
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {PGlite | undefined} */
let db;

/** @param {any} message */
async function handle(message) {
  switch (message.op) {
    case 'open':
      db = await PGlite.create(
        message.dataDir ? { dataDir: message.dataDir } : message.loadDataDir ? { loadDataDir: new Blob([message.loadDataDir]) } : {},
      );
      // Its pages are in memory or the OS's cache: a random read costs what a sequential one does (decision 029).
      await db.exec('set random_page_cost = 1.1');
      return null;
    case 'protocol':
      return await /** @type {PGlite} */ (db).execProtocolRaw(message.bytes);
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

/** What PGlite threw, as plain data (an exit of its WebAssembly is not an Error, but has a name and a message). */
function errorData(/** @type {any} */ error) {
  const { name = 'Error', message = String(error), stack } = error ?? {};
  return { name, message, stack, databaseClosed: Boolean(db?.closed) };
}

/** Answers one message, with its result or what PGlite threw. */
async function answer(/** @type {any} */ message) {
  try {
    const result = await handle(message);
    parentPort?.postMessage({ id: message.id, result }, result instanceof Uint8Array ? [result.buffer] : []);
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: errorData(error) });
  }
}

// One message at a time, in the order sent: a close or a dump waits for the statement sent before it to end.
let turn = Promise.resolve();
parentPort?.on('message', (/** @type {any} */ message) => {
  turn = turn.then(() => answer(message));
});
