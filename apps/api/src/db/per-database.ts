import type { Db } from './types';

/** Builds something per database once (prepared statements), then hands out the same one. */
export function oncePerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let found = built.get(db);
    if (found === undefined) {
      found = build(db);
      built.set(db, found);
    }
    return found;
  };
}
