// The one way a list endpoint pages (DESIGN §3): sort only by the whitelisted columns named in the shared
// schema's sortable list, the direction honoured, a unique tie-break so pages never overlap, limit/offset in
// SQL, and the total counted by a query that runs alongside the page's (one round trip of waiting).
// At scale (issue 8): a list may name its `keys` so a deep page skips only index entries (a deferred join), and
// a large total is remembered for a few seconds so counting never dominates a list's cost.
// Totals and how each database plans a page: db/list-counts.ts; a page's rows read by their keys: db/list-rows.ts.
import type { ListResult, Paging } from '@guildhall/shared/schemas/envelope';
import { type AnyColumn, asc, desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { type CountKey, type CountRow, type CountSlot, countSlot, knownCount, rememberedCount } from './list-counts';
import { type Row, rowsOfPage } from './list-rows';
import type { Db } from './types';

export { DatabaseLists, type ListOptions, listsOf, planRowsByKeys, planWindowTotals } from './list-counts';
export { PLAN_ONCE_MARK, preparedRowsByKey } from './list-rows';

/**
 * Every sortable key of the shared list maps to a column or expression, or several sorted alike (a member's last
 * name then their id, so an index on both walks the list in order): a missing key is a type error.
 */
export type SortColumns<S extends string> = Record<S, AnyColumn | SQL | readonly (AnyColumn | SQL)[]>;

export interface ListSpec<S extends string, Q extends PgSelect, C extends CountRow = CountRow> {
  /** The rows' select, built with `.$dynamic()` and its where clause; the helper adds order, limit and offset. */
  rows: Q;
  /** The total over all pages for the same filters: `db.select({ n: count() })…` (other aggregates may ride along). */
  count: PromiseLike<C[]>;
  sortable: SortColumns<S>;
  /** A unique column, sorted in the same direction after the chosen one. */
  tieBreak: AnyColumn;
  /**
   * Optional, for lists that page deep into large tables: the same from, joins and where as `rows`, selecting only
   * the tie-break column (`db.select({ id: t.id }).from(t)…where(where).$dynamic()`). The page's keys are then
   * sorted, skipped and limited on this narrow query (an index-only path where an index serves the sort), and
   * `rows` is then read for that page's keys alone (`tieBreak = any(keys)` replaces its where, in a statement planned
   * once: PLAN_ONCE_MARK): a deep page does not
   * build the wide rows, or their subqueries, of everything it skips.
   *
   * Given as a function of `withTotal` (`keysSelect`), and where `count` is a plain `count()`, a total not known
   * yet comes with the keys (`count(*) over ()`): the filtered rows are found once, for the page and the total,
   * instead of once by each of two statements (decision 029).
   */
  keys?: PgSelect | ((withTotal: boolean) => PgSelect);
  /**
   * Optional, beside `keys`: one row by its key, read through a statement prepared once per database and batched
   * with other requests' keys (`preparedRowsByKey`), used wherever the rows are read by keys instead of building
   * `rows` for them. Must select what `rows` selects.
   */
  rowByKey?: (key: number) => Promise<Awaited<Q>[number] | undefined>;
  /**
   * Optional: names the count statement without building it (a fifth of a filtered lookup's CPU went into building it
   * only to find its remembered total): `text` stands for its from and joins (the list's name, and whatever decides
   * its joins), `where` is its where clause built once (db/built-once.ts). Equal keys must mean equal counts.
   */
  countKey?: CountKey;
}

/** A list's keys select (ListSpec.keys): its tie-break as `key`, and with `withTotal` the number of all its rows. */
export function keysSelect(db: Db, tieBreak: PgColumn, withTotal: boolean) {
  const fields: Record<string, PgColumn | SQL> = withTotal ? { key: tieBreak, total: sql`count(*) over ()` } : { key: tieBreak };
  return db.select(fields);
}
export function pageOf(paging: { page: number; count: number }) {
  return { limit: paging.count, offset: (paging.page - 1) * paging.count };
}

// A page's limit, and its offset up to INLINE_OFFSET_MAX, are written into the statement, not bound: a limit the
// planner cannot see is costed as a tenth of the rows, so PostgreSQL would plan every run afresh for
// its value rather than keep one plan for the prepared statement (db/postgres.ts). Deeper offsets stay parameters, so
// the distinct texts stay few: list shapes × page sizes × the first pages (and the last ones, counted from the end).
const INLINE_OFFSET_MAX = 1000;
/** A validated non-negative integer as SQL text; Drizzle's limit() and offset() take it as written. */
const inlined = (n: number): number => sql.raw(String(Math.max(0, Math.trunc(n)))) as unknown as number;
const offsetOf = (n: number): number => (n <= INLINE_OFFSET_MAX ? inlined(n) : n);

export function orderOf<S extends string>(paging: Paging<S>, sortable: SortColumns<S>, tieBreak: AnyColumn): SQL[] {
  const order = paging.direction === 'asc' ? asc : desc;
  const sort = sortable[paging.sortBy];
  const columns: readonly (AnyColumn | SQL)[] = Array.isArray(sort) ? sort : [sort];
  // Sorted by the tie-break itself (the default, newest first): once is enough.
  return [...columns.map((column) => order(column)), ...(columns.includes(tieBreak) ? [] : [order(tieBreak)])];
}

export async function pagedList<S extends string, Q extends PgSelect, C extends CountRow = CountRow>(
  paging: Paging<S>,
  spec: ListSpec<S, Q, C>,
): Promise<ListResult<Awaited<Q>[number]> & { totals: C | undefined }> {
  const { limit, offset } = pageOf(paging);
  const order = orderOf(paging, spec.sortable, spec.tieBreak);
  const slot = countSlot(spec.count, spec.countKey);
  // Nothing counted or counting for this total: the keys bring it along, where the planner costs that right.
  if (typeof spec.keys === 'function' && slot && slot.lists.options.windowTotals && !slot.lists.tracks(slot.key))
    return pageWithTotal(paging, spec, spec.keys, slot);
  const keysQuery = typeof spec.keys === 'function' ? spec.keys(false) : spec.keys;
  // Elsewhere, a total neither known nor being counted, for a page among the first keysCountedUpTo rows: read
  // that many keys, and a total below it is their number (no count statement).
  if (
    typeof spec.keys === 'function' &&
    keysQuery &&
    slot &&
    !slot.lists.tracks(slot.key) &&
    offset + limit <= slot.lists.options.keysCountedUpTo
  )
    return pageCountingKeys(spec, keysQuery, slot, { limit, offset, order });
  let page: PromiseLike<unknown>;
  if (keysQuery) {
    // Past the middle of a list whose total is known, the page's keys are counted from the other end: the last
    // page skips ten index entries, not all the others. The rows come back in the asked order either way.
    const total = Number(knownCount(slot)?.[0]?.n ?? Number.NaN);
    let keys: PgSelect | undefined;
    let backwards = false;
    if (offset >= total) keys = undefined;
    else if (offset > total / 2) {
      backwards = true;
      const fromEnd = total - offset - limit;
      const reversed = orderOf({ ...paging, direction: paging.direction === 'asc' ? 'desc' : 'asc' }, spec.sortable, spec.tieBreak);
      keys = keysQuery
        .orderBy(...reversed)
        .limit(inlined(limit + Math.min(0, fromEnd)))
        .offset(offsetOf(Math.max(0, fromEnd)));
    } else
      keys = keysQuery
        .orderBy(...order)
        .limit(inlined(limit))
        .offset(offsetOf(offset));
    // Filtered (the count binds values, so the keys do too) on PostgreSQL: the keys first, then the rows of those keys
    // by a statement planned once (rowsOfKeys), rather than planning the rows' joins again for every request. Unfiltered,
    // one statement with the keys inside binds nothing and is itself planned once (db/postgres.ts): a second round
    // trip would cost more than it saves.
    const found = keys;
    const byKeys = slot?.filtered === true && slot.lists.options.rowsByKeys;
    if (found && !byKeys) page = spec.rows.where(inArray(spec.tieBreak, found)).orderBy(...order);
    else
      page = (async () => {
        const keyed = found ? ((await found) as Record<string, unknown>[]) : [];
        const inPageOrder = backwards ? keyed.reverse() : keyed;
        return keyed.length
          ? rowsOfPage(
              spec,
              inPageOrder.map((k) => Number(Object.values(k)[0])),
              order,
              slot!.lists,
            )
          : [];
      })();
  } else
    page = spec.rows
      .orderBy(...order)
      .limit(inlined(limit))
      .offset(offsetOf(offset));
  const [rows, total] = await Promise.all([page as Promise<Awaited<Q>>, rememberedCount(spec.count, slot)]);
  return { rows, count: Number(total[0]?.n ?? 0), totals: total[0] };
}

/**
 * A page among the first keysCountedUpTo rows (ListOptions) whose total is not known: the keys of all those rows (one
 * more, to tell whether there are more), so a total below that is their number and needs no count of its own (a name
 * search found 48 members: its count walked the same 4,600 index entries as its keys, again). A larger total is
 * counted and remembered as before. Costs no more than the count it saves: the keys stop where the count would have
 * walked on.
 */
async function pageCountingKeys<Q extends PgSelect, C extends CountRow>(
  spec: { rows: Q; tieBreak: AnyColumn; count: PromiseLike<C[]> },
  keysQuery: PgSelect,
  { lists, key, text }: CountSlot,
  { limit, offset, order }: { limit: number; offset: number; order: SQL[] },
): Promise<ListResult<Awaited<Q>[number]> & { totals: C | undefined }> {
  const upTo = lists.options.keysCountedUpTo;
  const found = Promise.resolve(keysQuery.orderBy(...order).limit(inlined(upTo + 1)) as unknown as PromiseLike<Row[]>).then((keyed) =>
    keyed.map((k) => Number(Object.values(k)[0])),
  );
  const counted = found.then(async (keys): Promise<CountRow[]> => (keys.length > upTo ? await spec.count : [{ n: keys.length }]));
  // Where the same statement's last total was large, requests for this one meanwhile wait for it (rememberedCount)
  // and read only their own page's keys, rather than each reading a thousand: a total that changes every second
  // (the overdue filter's) had every request of that second read them (p99 181 ms against a p50 of 42 ms, Approvals
  // overdue at 100,000 members). A small total is not waited for: reading all its keys costs each request no more
  // than its own page's, and waiting on another's read cost the name search a tenth of its rate.
  const shared = lists.largeStatements.has(text);
  const [keys, totalRows] = await Promise.all([found, shared ? lists.total(key, () => counted) : counted]);
  const total = Number(totalRows[0]?.n ?? 0);
  if (keys.length > upTo) lists.largeStatements.set(text, true);
  else lists.largeStatements.delete(text);
  // Remembered like a counted total of its size (tests remember small ones too).
  if (!shared) lists.remember(key, [{ n: total }]);
  const page = keys.slice(offset, offset + limit);
  const rows = page.length ? await rowsOfPage(spec, page, order, lists) : ([] as unknown as Awaited<Q>);
  return { rows, count: total, totals: { n: total } as C };
}

/**
 * The page's keys with the total beside them (`count(*) over ()`), then the rows of those keys: the filters are
 * applied once for both. A page past the end has no row to carry the total, so it is counted then. A large total is
 * remembered like any other, after which pages take the narrow path (no window: it would walk every row).
 */
async function pageWithTotal<S extends string, Q extends PgSelect, C extends CountRow>(
  paging: Paging<S>,
  spec: ListSpec<S, Q, C>,
  keys: (withTotal: boolean) => PgSelect,
  { lists, key }: CountSlot,
): Promise<ListResult<Awaited<Q>[number]> & { totals: C | undefined }> {
  const { limit, offset } = pageOf(paging);
  const order = orderOf(paging, spec.sortable, spec.tieBreak);
  const found = Promise.resolve(
    keys(true)
      .orderBy(...order)
      .limit(inlined(limit))
      .offset(offsetOf(offset)) as unknown as PromiseLike<{ key: number; total: number }[]>,
  );
  const counted = found.then(async (keyed): Promise<CountRow[]> => {
    const total = keyed.length ? Number(keyed[0]!.total) : offset === 0 ? 0 : Number((await spec.count)[0]?.n ?? 0);
    return [{ n: total }];
  });
  // Requests for the same total meanwhile wait for this one (rememberedCount) rather than each walking every row.
  const [keyed, totalRows] = await Promise.all([found, lists.total(key, () => counted)]);
  const total = Number(totalRows[0]?.n ?? 0);
  const rows = keyed.length
    ? await rowsOfPage(
        spec,
        keyed.map((k) => Number(k.key)),
        order,
        lists,
      )
    : ([] as unknown as Awaited<Q>);
  return { rows, count: total, totals: { n: total } as C };
}
