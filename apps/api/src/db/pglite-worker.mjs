// The embedded database in its own thread (decision 029), driven by pglite.ts: each { op, … } is answered in order with
// { result } (for 'protocol', the server's bytes) or { error }, what PGlite threw; should its database close, it ends.
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {PGlite} */ let db;

async function handle(/** @type {any} */ message) {
  switch (message.op) {
    case 'open':
      db = await PGlite.create(message.loadDataDir ? { loadDataDir: new Blob([message.loadDataDir]) } : { dataDir: message.dataDir });
      // Its pages are in memory or the OS's cache: a random read costs what a sequential one does (decision 029).
      await db.exec('set random_page_cost = 1.1');
      return null;
    case 'protocol': {
      // A startup is answered directly, the rest streamed: execProtocolRaw keeps memory it never frees (decision 157).
      if (message.bytes[0] === 0) return await db.execProtocolRaw(message.bytes);
      /** @type {Uint8Array[]} */ const parts = [];
      await db.execProtocolRawStream(message.bytes, { onRawData: (/** @type {Uint8Array} */ chunk) => parts.push(chunk.slice()) });
      return new Uint8Array(Buffer.concat(parts)); // memory of its own, to transfer (Buffer.concat's may be a shared pool)
    }
    case 'dump':
      // Answered in turn: no statement runs between the checkpoint and the copy.
      await db.exec('checkpoint');
      return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    case 'close':
      if (db && !db.closed) await db.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

/** Answers one message, with its result or what PGlite threw as plain data (a WebAssembly exit is no Error). */
async function answer(/** @type {any} */ message) {
  try {
    const result = await handle(message);
    parentPort?.postMessage({ result }, result instanceof Uint8Array ? [result.buffer] : []);
  } catch (/** @type {any} */ error) {
    // Its database closed under it (an abort in the WebAssembly): the thread ends, an outage, and is started again.
    if (db?.closed) process.exit(1);
    const { name = 'Error', message: text = String(error), stack } = error ?? {};
    parentPort?.postMessage({ error: { name, message: text, stack } });
  }
}

// One message at a time, in the order sent: a close or a dump waits for the statement sent before it to end.
let turn = Promise.resolve();
parentPort?.on('message', (/** @type {any} */ message) => {
  turn = turn.then(() => answer(message));
});
