// The database work of one HTTP request, so that a request whose client went away can be cancelled (PostgreSQL).
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { Db } from './types';

/**
 * The database work of one HTTP request. When its client goes away, queries it is still running on PostgreSQL are
 * cancelled (pg_cancel_backend) and it starts no new ones, so an abandoned request never holds the database.
 */
export class RequestScope {
  aborted = false;
  readonly clients = new Set<pg.PoolClient>();
}
export const requestScope = new AsyncLocalStorage<RequestScope>();

const abandonHandlers = new WeakMap<Db, (scope: RequestScope) => Promise<void>>();

/** Called by the database that can cancel a request's statements (db/postgres.ts) for its Drizzle client. */
export function cancelAbandonedWith(db: Db, cancel: (scope: RequestScope) => Promise<void>): void {
  abandonHandlers.set(db, cancel);
}

/**
 * Whether a request's database work can be cancelled when its client goes away (PostgreSQL; PGlite cannot). Only
 * then is each request run in a scope of its own: AsyncLocalStorage slows every promise on Node 20.
 */
export const cancelsAbandonedRequests = (db: Db): boolean => abandonHandlers.has(db);

/** Cancels what a request whose client went away still runs on the database (PostgreSQL only; PGlite cannot). */
export function abandonRequest(db: Db, scope: RequestScope): Promise<void> {
  scope.aborted = true;
  return abandonHandlers.get(db)?.(scope) ?? Promise.resolve();
}
