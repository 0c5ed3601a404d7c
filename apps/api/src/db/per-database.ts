// What is built once per opened database: its prepared statements, remembered values and batch loaders.
import DataLoader from 'dataloader';
import { requestScope } from './request-scope';
import type { Db } from './types';

export function oncePerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    if (!built.has(db)) built.set(db, build(db));
    return built.get(db)!;
  };
}

/**
 * One key's row (undefined if none), read by `load(db, keys)` with the keys asked meanwhile (dataloader), outside any
 * request's scope: a caller that hangs up cancels its own wait, not its neighbours' read.
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
