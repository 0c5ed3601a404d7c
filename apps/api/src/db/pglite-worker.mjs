// The embedded database in a thread of its own (decision 029), talked to by `PgliteThread` (pglite.ts). Plain
// JavaScript so that node runs it as it is, from the TypeScript sources (tsx) and from the API bundle alike:
//   { id, op: 'open', dataDir?, loadDataDir? }   opens the database (a directory, or in memory from a dump)
//   { id, op: 'protocol', bytes }                 PostgreSQL wire-protocol messages from node-postgres (decision 125)
//   { id, op: 'dump' }, { id, op: 'close' }
// and answers { id, result } or { id, error }. The protocol's answers go back as PGlite parsed them; an error
// message goes as its own fields (SQLSTATE code, constraint…), which the other side makes a DatabaseError again.
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
      // Its pages are in this process's memory or the OS's cache: a random read costs what a sequential one does,
      // so the planner should not shy from an index for a few rows of a small table (decision 029).
      await db.exec('set random_page_cost = 1.1');
      return null;
    case 'protocol': {
      const answers = await /** @type {PGlite} */ (db).execProtocolStream(message.bytes, { throwOnError: false });
      return answers.map((answer) => (answer instanceof Error ? errorData(answer) : answer));
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
  /** @type {Record<string, unknown>} */
  const data =
    error instanceof Error
      ? { ...JSON.parse(JSON.stringify(error)), name: error.name, message: error.message, stack: error.stack }
      : { name: 'Error', message: String(error) };
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
