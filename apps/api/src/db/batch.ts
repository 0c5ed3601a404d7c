// Reads of one kind by key that arrive together go to the database together (issue 8): the keys asked for while
// the event loop takes in a burst of requests are read by one statement (`= any(keys)`), sent once that burst has
// been taken in (setImmediate), so a request never waits on a read sent before it asked. Each round trip costs
// the database a wake-up, a parse of the message and a transaction, which for a member's record was ten times the
// lookup itself; fifty members' records in one statement cost little more than one.
import { requestScope } from './request-scope';
import type { Db } from './types';

/** The most keys one statement reads; more start another batch. */
const MAX_BATCH = 200;

interface Waiting<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * `load(db, keys)` reads the rows of distinct keys; the returned function reads one key's row (undefined when there
 * is none) in the batch of whatever else is asked for the same database meanwhile. A failed read fails each of its
 * batch's callers with the same error (an outage: 503 for each). The batch runs outside any request's scope, so a
 * caller that hangs up cancels only its own wait, not its neighbours' read.
 */
export function batchedByKey<K, V, D extends object = Db>(
  load: (db: D, keys: K[]) => Promise<Map<K, V>>,
): (db: D, key: K) => Promise<V | undefined> {
  const open = new WeakMap<D, Map<K, Waiting<V>[]>>();
  const dispatch = (db: D, batch: Map<K, Waiting<V>[]>) => {
    if (open.get(db) === batch) open.delete(db);
    load(db, [...batch.keys()]).then(
      (found) => {
        for (const [key, waiting] of batch) for (const w of waiting) w.resolve(found.get(key));
      },
      (error) => {
        for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
      },
    );
  };
  return (db, key) =>
    new Promise<V | undefined>((resolve, reject) => {
      let batch = open.get(db);
      if (!batch || (batch.size >= MAX_BATCH && !batch.has(key))) {
        const started = new Map<K, Waiting<V>[]>();
        batch = started;
        open.set(db, started);
        requestScope.exit(() => setImmediate(() => dispatch(db, started)));
      }
      const waiting = batch.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
    });
}
