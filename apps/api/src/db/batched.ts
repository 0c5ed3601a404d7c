// Reads of one kind by key that arrive together go to the database together, in one statement (dataloader).
import DataLoader from 'dataloader';
import { oncePerDatabase } from './per-database';
import { requestScope } from './request-scope';
import type { Db } from './types';

/**
 * `load(db, keys)` reads the rows of distinct keys; the returned function reads one key's row (undefined if none) in
 * the batch of whatever else is asked meanwhile. The batch runs outside any request's scope: a caller that hangs up
 * cancels only its own wait, not its neighbours' read.
 */
export function batchedByKey<K, V>(load: (db: Db, keys: K[]) => Promise<Map<K, V>>): (db: Db, key: K) => Promise<V | undefined> {
  const loaders = oncePerDatabase(
    (db) =>
      new DataLoader<K, V | undefined>(
        async (keys) => {
          const found = await load(db, [...keys]);
          return keys.map((key) => found.get(key));
        },
        { cache: false, maxBatchSize: 200, batchScheduleFn: (send) => requestScope.exit(() => setImmediate(send)) },
      ),
  );
  return (db, key) => loaders(db).load(key);
}
