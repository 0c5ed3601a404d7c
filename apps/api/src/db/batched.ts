// Reads of one kind by key that arrive together go to the database together: the keys asked for while the event
// loop takes in a burst of requests are read by one statement (`= any(keys)`), one round trip instead of one each.
import DataLoader from 'dataloader';
import { oncePerDatabase } from './per-database';
import { requestScope } from './request-scope';
import type { Db } from './types';

/**
 * `load(db, keys)` reads the rows of distinct keys; the returned function reads one key's row (undefined when there
 * is none) in the batch of whatever else is asked of the same database meanwhile. A failed read fails each caller of
 * its batch with the same error. The batch is sent outside any request's scope, so a caller that hangs up cancels
 * only its own wait, not its neighbours' read (db/request-scope.ts).
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
