// A list's total (db/list.ts), remembered: a large one for a few seconds, and one being counted shared by the
// requests that want it meanwhile. And how each database plans the statements a page may take. All of it belongs to
// one opened database (DatabaseLists), with its thresholds as options of that database, not of the module.
import { LRUCache } from 'lru-cache';

export type CountRow = { n: number | string };

/** Names a count statement without building it (ListSpec.countKey). */
export type CountKey = { text: string; where: { text: string; params: unknown[] } };

// Large totals are remembered briefly. Counting 100,000 matching rows costs tens of times what the page itself
// does, on every request; a total of that size that lags a write by a few seconds shows nobody anything wrong
// (the rows themselves are always read fresh). Small totals, which people do check, are always counted.
// When a remembered total runs out, the next request counts it again in the background and it is served meanwhile
// (for as long again at most): otherwise every request arriving during the recount waited for it, and a
// page past the middle, not knowing the total, walked the index from the near end (p99 108 ms against a p50 of
// 23 ms for the lookup's last pages at 100,000 members).
export interface ListOptions {
  /** Remember totals from this size on (default 1,000). */
  rememberFrom: number;
  /** Remember a large total this long (default 5 s); past that it is served as long again while it is recounted. */
  rememberMs: number;
  /** Read the keys of up to this many rows for a total not known yet (default 1,000): db/list.ts. */
  keysCountedUpTo: number;
  // PostgreSQL plans a statement that binds values on every run (db/postgres.ts names only those that bind none, or
  // carry PLAN_ONCE_MARK). PGlite plans each one too, but there a second statement costs a round trip and a plan of
  // its own with nothing saved (it names none), so its filtered pages stay one statement.
  /** This database plans every statement that binds values afresh, so a filtered page reads its rows by keys. */
  rowsByKeys: boolean;
  // `count(*) over ()` must read every row before the first comes out. PostgreSQL before 17 does not cost that in:
  // with a LIMIT and an index in the sort's order it plans to stop early, then walks the whole index (a lookup by
  // membership number, 4,625 matches of 100,000, took 74 ms instead of 0.08 ms on PostgreSQL 15). PGlite (PostgreSQL
  // 18) and PostgreSQL 17 on plan it as the full read it is.
  /** This database plans `count(*) over ()` beside a LIMIT as a full read (PostgreSQL 17 or later, PGlite). */
  windowTotals: boolean;
}

const DEFAULTS: ListOptions = { rememberFrom: 1000, rememberMs: 5000, keysCountedUpTo: 1000, rowsByKeys: false, windowTotals: false };
const COUNTS_KEPT = 1000;

/** One request's count of a total: run by the cache unless another request's count of it is running already. */
type Counting = { count: () => PromiseLike<CountRow[]>; failed?: { error: unknown } };

/** Reads a list shape's rows by key, batched with other requests' keys for the same statement (db/list-rows.ts). */
export type RowsLoader = (lists: DatabaseLists, key: number) => Promise<Record<string, unknown> | undefined>;

/** The lists of one opened database: how it plans their statements, and their large totals remembered. */
export class DatabaseLists {
  readonly options: ListOptions;
  /** Large totals by count statement (text and values); one being counted is shared by whoever asks meanwhile. */
  private readonly totals: LRUCache<string, CountRow[], Counting>;
  /** Statements (the count's text, whatever it binds) whose last total was too large to come from the keys. */
  readonly largeStatements = new LRUCache<string, true>({ max: COUNTS_KEPT });
  /** A page's rows by key, one loader per list shape (its rows statement but for the keys). */
  readonly rowGroups = new LRUCache<string, RowsLoader>({ max: 500 });

  constructor(options: Partial<ListOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.totals = new LRUCache<string, CountRow[], Counting>({
      max: COUNTS_KEPT,
      ttl: this.options.rememberMs,
      // Past its time a total is served while one request counts it again (fetch shares that count); should the
      // recount fail, the old total stays until the next request tries again.
      allowStale: true,
      noDeleteOnStaleGet: true,
      allowStaleOnFetchRejection: true,
      fetchMethod: async (_key, _stale, { options, context }) => {
        try {
          const rows = await context.count();
          // A small total is handed to whoever waited for it, and never served again (isSmall below).
          options.ttl = this.isSmall(rows) ? 1 : this.options.rememberMs;
          return rows;
        } catch (error) {
          context.failed = { error };
          throw error;
        }
      },
    });
  }

  /** Tests: other thresholds for this database's lists (db/list.ts). */
  set(options: Partial<ListOptions>) {
    Object.assign(this.options, options);
  }

  private isSmall(rows: CountRow[]) {
    return Number(rows[0]?.n ?? 0) < this.options.rememberFrom;
  }

  /** Whether this total is remembered or being counted (a small one left behind is forgotten: never served). */
  tracks(key: string): boolean {
    const known = this.totals.peek(key, { allowStale: true });
    if (known !== undefined && this.isSmall(known)) this.totals.delete(key);
    return this.totals.getRemainingTTL(key) !== 0;
  }

  /** A large total counted moments ago (or past its time by no more than as long again), if there is one. */
  known(key: string): CountRow[] | undefined {
    if (!this.tracks(key)) return undefined;
    return this.totals.getRemainingTTL(key) > -this.options.rememberMs ? this.totals.peek(key, { allowStale: true }) : undefined;
  }

  /** Remembers a large total counted along with a page's keys (db/list.ts). */
  remember(key: string, rows: CountRow[]) {
    if (!this.isSmall(rows)) this.totals.set(key, rows, { ttl: this.options.rememberMs });
  }

  /**
   * The total: remembered, being counted for another request (shared), or counted by `count` (remembered if large).
   * Should a shared count fail (its request gone, the statement cancelled), this request counts for itself.
   */
  async total<C extends CountRow>(key: string, count: () => PromiseLike<C[]>): Promise<C[]> {
    // Long past its time (no request came to recount it): counted before it is answered.
    const longPast = this.tracks(key) && this.totals.getRemainingTTL(key) <= -this.options.rememberMs;
    const counting: Counting = { count };
    const rows = await this.totals.fetch(key, { context: counting, allowStale: !longPast });
    if (rows !== undefined) return rows as C[];
    if (counting.failed) throw counting.failed.error;
    return count();
  }
}

type CountQuery = { toSQL?: () => { sql: string; params: unknown[] }; session?: object };

// Each Drizzle client's queries carry its session: the only link from a list's count query back to the database it
// runs on, short of every list naming its database. The lists are created when the database is opened (listsOf).
const listsBySession = new WeakMap<object, DatabaseLists>();
const everywhere = {};

/** The lists of the database a Drizzle client or query belongs to (created with defaults the first time). */
export function listsOf(dbOrQuery: object): DatabaseLists {
  const owner = (dbOrQuery as CountQuery).session ?? everywhere;
  let lists = listsBySession.get(owner);
  if (!lists) {
    lists = new DatabaseLists();
    listsBySession.set(owner, lists);
  }
  return lists;
}

/** Where a count query's total is remembered: its database's lists, under its statement and values. */
export type CountSlot = { lists: DatabaseLists; key: string; text: string; filtered: boolean };
export function countSlot(count: PromiseLike<unknown>, named?: CountKey): CountSlot | undefined {
  const query = count as PromiseLike<unknown> & CountQuery;
  if (typeof query.toSQL !== 'function') return undefined;
  try {
    const { sql, params } = named ? { sql: `${named.text}\u0000${named.where.text}`, params: named.where.params } : query.toSQL();
    return { lists: listsOf(query), key: `${sql}\u0000${JSON.stringify(params)}`, text: sql, filtered: params.length > 0 };
  } catch {
    return undefined;
  }
}

/** A large total counted moments ago, if there is one. */
export function knownCount(slot: CountSlot | undefined): CountRow[] | undefined {
  return slot?.lists.known(slot.key);
}

export function rememberedCount<C extends CountRow>(count: PromiseLike<C[]>, slot: CountSlot | undefined): Promise<C[]> {
  if (!slot) return Promise.resolve(count);
  return slot.lists.total(slot.key, () => count);
}

/** This database plans every statement that binds values afresh, so a filtered page reads its rows by keys. */
export function planRowsByKeys(db: object) {
  listsOf(db).set({ rowsByKeys: true });
}

/** This database plans `count(*) over ()` beside a LIMIT as a full read (PostgreSQL 17 or later, PGlite). */
export function planWindowTotals(db: object) {
  listsOf(db).set({ windowTotals: true });
}
