// The database work of one HTTP request, cancelled when its client goes away (db/postgres.ts `cancelRequest`, called
// by app.ts). Only then does a request run in a scope of its own: AsyncLocalStorage slows every promise on Node 20.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/** The connections a request holds; once aborted it starts no new statement. */
export class RequestScope {
  aborted = false;
  readonly clients = new Set<pg.PoolClient>();
}
export const requestScope = new AsyncLocalStorage<RequestScope>();
