// The data layer's front door: what the rest of the API imports from db/. Inside db/ no file imports this one, so
// it adds no cycle. Opening: db/open.ts (PostgreSQL in db/postgres.ts, PGlite in db/pglite.ts, its thread
// db/pglite-worker.mjs); outages: db/outage.ts; a request's cancellable work: db/request-scope.ts.

export { anyOf, anyOfKeys } from './any-of';
export { changeClock, rememberedUntilChange, tablesChanged, WATCHED_TABLES } from './changes';
export { batchedByKey } from './batched';
export { filtersOf, ownList, pagedList, type SortColumns, totalKeyOf } from './list';
export { type Database, openDatabase } from './open';
export { DatabaseUnavailableError, isClientGone, isDatabaseUnavailable } from './outage';
export { oncePerDatabase } from './per-database';
export type { PgliteDatabase } from './pglite';
export { qualified } from './qualified';
export { RequestScope, requestScope } from './request-scope';
export type { Db, Tx } from './types';
export * from './schema/index';
export { inList, literal } from './schema/sql-helpers';
export { everyWordStartsAName } from './schema/fold';
export { DataDirLockedError } from './lock';
