// A list's total (db/list.ts), remembered: a large one for a few seconds, and one being counted shared by the
// requests that want it meanwhile. And how each database plans the statements a page may take.

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
export let rememberedFrom = 1000;
export let countRememberedMs = 5000;
/** Tests: remember totals from this size on (default 1,000). */
export function rememberCountsFrom(size: number) {
  rememberedFrom = size;
}
/** Tests: remember totals this long (default 5 s). */
export function rememberCountsFor(ms: number) {
  countRememberedMs = ms;
}
export const COUNTS_KEPT = 1000;

export interface Remembered {
  rows: Promise<CountRow[]>;
  /** The total once counted, while it is remembered. */
  settled?: CountRow[];
  /** Until when a settled large total is served; Infinity while the count is still running. */
  until: number;
  /** A settled total past `until` being counted again (it is served meanwhile). */
  recounting?: boolean;
}

/** A settled total past its time, served while it is counted again (for as long again at most). */
const stillServed = (known: Remembered | undefined, now: number): known is Remembered & { settled: CountRow[] } =>
  known?.settled !== undefined && now < known.until + countRememberedMs;
const remembered = new WeakMap<object, Map<string, Remembered>>();
const everywhere = {};

type CountQuery = { toSQL?: () => { sql: string; params: unknown[] }; session?: object };

/** Where a count query's total is remembered: per database (a query's session belongs to one Drizzle client). */
export type CountSlot = { counts: Map<string, Remembered>; key: string; text: string; owner: object; filtered: boolean };
export function countSlot(count: PromiseLike<unknown>, named?: CountKey): CountSlot | undefined {
  const query = count as PromiseLike<unknown> & CountQuery;
  if (typeof query.toSQL !== 'function') return undefined;
  let key: string;
  let text: string;
  let filtered: boolean;
  try {
    const { sql, params } = named ? { sql: `${named.text}\u0000${named.where.text}`, params: named.where.params } : query.toSQL();
    text = sql;
    key = `${sql}\u0000${JSON.stringify(params)}`;
    filtered = params.length > 0;
  } catch {
    return undefined;
  }
  const owner = query.session ?? everywhere;
  let counts = remembered.get(owner);
  if (!counts) {
    counts = new Map();
    remembered.set(owner, counts);
  }
  return { counts, key, text, owner, filtered };
}

// `count(*) over ()` must read every row before the first comes out. PostgreSQL before 17 does not cost that in: with
// a LIMIT and an index in the sort's order it plans to stop early, then walks the whole index (a lookup by membership
// number, 4,625 matches of 100,000, took 74 ms instead of 0.08 ms on PostgreSQL 15). PGlite (PostgreSQL 18) and
// PostgreSQL 17 on plan it as the full read it is. Databases are registered when opened (db/postgres.ts, db/pglite.ts).
export const windowTotalsPlannedWell = new WeakSet<object>();
// PostgreSQL plans a statement that binds values on every run (db/postgres.ts names only those that bind none, or
// carry PLAN_ONCE_MARK). PGlite plans each one too, but there a second statement costs a round trip and a plan of its
// own with nothing saved (it names none), so its filtered pages stay one statement.
export const plansEveryRun = new WeakSet<object>();
/** This database plans every statement that binds values afresh, so a filtered page reads its rows by keys. */
export function planRowsByKeys(db: object) {
  const session = (db as { session?: object }).session;
  if (session) plansEveryRun.add(session);
}

/** This database plans `count(*) over ()` beside a LIMIT as a full read (PostgreSQL 17 or later, PGlite). */
export function planWindowTotals(db: object) {
  const session = (db as { session?: object }).session;
  if (session) windowTotalsPlannedWell.add(session);
}

/** A large total counted moments ago, if there is one. */
export function knownCount(slot: CountSlot | undefined): CountRow[] | undefined {
  const known = slot?.counts.get(slot.key);
  return stillServed(known, Date.now()) ? known.settled : undefined;
}

export async function rememberedCount<C extends CountRow>(count: PromiseLike<C[]>, slot: CountSlot | undefined): Promise<C[]> {
  if (!slot) return count;
  const { counts, key } = slot;
  const known = counts.get(key);
  const now = Date.now();
  if (known && known.until <= now && stillServed(known, now)) {
    if (!known.recounting) {
      known.recounting = true;
      Promise.resolve(count).then(
        (rows) => {
          known.recounting = false;
          if (Number(rows[0]?.n ?? 0) < rememberedFrom) {
            if (counts.get(key) === known) counts.delete(key);
            return;
          }
          known.settled = rows;
          known.rows = Promise.resolve(rows);
          known.until = Date.now() + countRememberedMs;
        },
        () => {
          // Its request gone or the database away: the next request tries again.
          known.recounting = false;
        },
      );
    }
    return known.settled as C[];
  }
  if (known && known.until > now) {
    // The same count running for another request, or a large total counted moments ago. Should the shared count
    // fail (its request gone, the statement cancelled), this request counts for itself.
    try {
      return (await known.rows) as C[];
    } catch {
      return count;
    }
  }
  const entry: Remembered = { rows: Promise.resolve(count), until: Number.POSITIVE_INFINITY };
  if (counts.size >= COUNTS_KEPT) counts.delete(counts.keys().next().value!);
  counts.delete(key);
  counts.set(key, entry);
  try {
    const rows = await entry.rows;
    if (Number(rows[0]?.n ?? 0) >= rememberedFrom) {
      entry.settled = rows;
      entry.until = Date.now() + countRememberedMs;
    } else if (counts.get(key) === entry) counts.delete(key);
    return rows as C[];
  } catch (error) {
    if (counts.get(key) === entry) counts.delete(key);
    throw error;
  }
}
