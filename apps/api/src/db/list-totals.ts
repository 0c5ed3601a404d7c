// A list's total (db/list.ts), remembered for a few seconds while large (counting 100,000 rows costs tens of pages;
// the rows are always fresh); small totals, which people check, are counted every time (decision 073).
import { LRUCache } from 'lru-cache';
import { oncePerDatabase } from './per-database';

export type CountRow = { n: number | string };

export interface ListOptions {
  /** Remember totals from this size on (default 1,000). */
  rememberFrom: number;
  /** Remember a large total this long (default 5 s); past that it is served as long again while it is recounted. */
  rememberMs: number;
}

/** One request's count of a total, run by the cache unless another request's count of it runs already. */
type Counting = { count: () => PromiseLike<CountRow[]>; failed?: { error: unknown } };

/** The remembered totals of one opened database's lists. */
export class DatabaseLists {
  /** Its thresholds; tests set others. */
  readonly options: ListOptions;
  private readonly totals: LRUCache<string, CountRow[], Counting>;

  constructor(options: Partial<ListOptions> = {}) {
    this.options = { rememberFrom: 1000, rememberMs: 5000, ...options };
    this.totals = new LRUCache({
      max: 1000,
      // Past its time a total is served while one request counts it again; a failed recount keeps the old one.
      allowStale: true,
      noDeleteOnStaleGet: true,
      allowStaleOnFetchRejection: true,
      fetchMethod: async (_key, _stale, { options, context }) => {
        const rows = await Promise.resolve(context.count()).catch((error) => {
          context.failed = { error };
          throw error;
        });
        // A small total goes to whoever waited for it, and is never served again.
        options.ttl = this.isSmall(rows) ? 1 : this.options.rememberMs;
        return rows;
      },
    });
  }

  private isSmall(rows: CountRow[]) {
    return Number(rows[0]?.n ?? 0) < this.options.rememberFrom;
  }

  /** A large total counted moments ago (or past its time by no more than as long again), if there is one. */
  known(key: string): CountRow[] | undefined {
    const rows = this.totals.peek(key, { allowStale: true });
    const fresh = this.totals.getRemainingTTL(key) > -this.options.rememberMs;
    return rows && fresh && !this.isSmall(rows) ? rows : undefined;
  }

  /** The total under `key`: remembered, shared with a request counting it, or counted; if a shared count fails, counted again. */
  async total<C extends CountRow>(key: string, count: () => PromiseLike<C[]>): Promise<C[]> {
    const context: Counting = { count };
    const left = this.totals.peek(key, { allowStale: true });
    if (left && this.isSmall(left)) this.totals.delete(key);
    // Served past its time only while it is large and not long past (no request came to recount it).
    const allowStale = this.known(key) !== undefined;
    const rows = await this.totals.fetch(key, { context, allowStale, ttl: this.options.rememberMs }).catch(() => undefined);
    if (rows) return rows as C[];
    if (context.failed) throw context.failed.error;
    return count();
  }
}

/** The lists of an opened database (open.ts hands it out as `database.lists`). */
export const listsOf = oncePerDatabase(() => new DatabaseLists());
