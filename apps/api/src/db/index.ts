// The data layer's front door: what the rest of the API imports from db/ (no file in db/ imports it: no cycle).
// Opening: open.ts, then postgres.ts or pglite.ts (its thread: pglite-worker.mjs).
export { changeClock, rememberedUntilChange, tablesChanged, WATCHED_TABLES } from './changes';
export { filtersOf, type KeysWindow, ownList, pagedList, preparedOnce, type SortColumns, totalKeyOf } from './list';
export { type Database, openDatabase } from './open';
export { DatabaseUnavailableError, isClientGone, isDatabaseUnavailable } from './outage';
export { RequestScope, requestScope } from './request-scope';
export { batchedByKey, oncePerDatabase } from './per-database';
export type { PgliteDatabase } from './pglite';
export { anyOf, anyOfKeys, qualified } from './sql-fragments';
export type { Db, Tx } from './types';
export * from './schema/index';
export { inList, literal } from './schema/sql-helpers';
export { everyWordStartsAName, foldedWords, startsOfNamesHold, startsOfWords } from './schema/fold';
export { DataDirLockedError } from './lock';
