// The data layer's front door: what the rest of the API imports from db/. Inside db/ no file imports this one, so
// it adds no cycle. Opening: db/open.ts (PostgreSQL in db/postgres.ts, PGlite in db/pglite.ts, its thread
// db/pglite-worker.mjs); outages: db/outage.ts; a request's cancellable work: db/request-scope.ts.

export { anyOf, anyOfKeys } from './any-of';
export { changeClock, rememberedUntilChange, tablesChanged, type WatchedTable } from './changes';
export { batchedByKey } from './batched';
export {
  filtersOf,
  type ListPage,
  type ListSpec,
  orderOf,
  ownList,
  pagedList,
  preparedRowsOfKeys,
  type SortColumns,
  totalKeyOf,
} from './list';
export { rememberedPages } from './remembered-page';
export type { DatabaseLists, ListOptions } from './list-totals';
export { type Database, type DatabaseTarget, openDatabase } from './open';
export { ClientGoneError, DatabaseUnavailableError, isClientGone, isDatabaseUnavailable } from './outage';
export { oncePerDatabase } from './per-database';
export type { PgliteDatabase } from './pglite';
export type { PostgresDatabase, PostgresOptions } from './postgres';
export { qualified } from './qualified';
export { RequestScope, requestScope } from './request-scope';
export type { Db, OpenedDatabase, Tx } from './types';
export * from './schema/index';
export { inList, literal } from './schema/sql-helpers';
export { everyWordStartsAName, foldSql } from './schema/fold';
export { DataDirLockedError } from './lock';
