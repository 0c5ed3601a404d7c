// The one way a list endpoint pages (DESIGN §3): sorted only by the whitelisted columns of the shared schema's
// sortable list, in the direction asked, with a unique tie-break so pages never overlap; limit and offset in SQL; the
// total counted alongside the page (remembered while large: db/list-totals.ts).
// A list that pages deep into a large table names its `keys`: the page's keys are sorted and skipped on that narrow
// select (an index-only path where an index serves the sort), then only that page's rows are read, by their keys.
import type { ListResult, Paging } from '@guildhall/shared/schemas/envelope';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { anyOf, anyOfKeys } from './any-of';
import { type CountRow, listsOf } from './list-totals';
import { oncePerDatabase } from './per-database';
import type { Db } from './types';

/**
 * Every sortable key of the shared list maps to a column or expression, or several sorted alike (a member's last
 * name then their id, so an index on both walks the list in order): a missing key is a type error.
 */
export type SortColumns<S extends string> = Record<S, AnyColumn | SQL | readonly (AnyColumn | SQL)[]>;

export interface ListSpec<S extends string, Q extends PgSelect, C extends CountRow = CountRow> {
  /** The rows' select, built with `.$dynamic()` and its where clause; pagedList adds order, limit and offset. */
  rows: Q;
  /** The total over all pages for the same filters: `db.select({ n: count() })…` (other aggregates may ride along). */
  count: PromiseLike<C[]>;
  /** Lists that can be large: the name their total is remembered under (the list and its filters; equal names, equal totals). */
  totalKey?: string;
  sortable: SortColumns<S>;
  /** A unique column, sorted in the same direction after the chosen one. */
  tieBreak: AnyColumn;
  /** Optional: `db.select({ key: tieBreak })` with the same from, joins and where as `rows`, for lists that page deep. */
  keys?: PgSelect;
  /** Optional, beside `keys`: the rows of the page's keys, in their order, by a prepared statement (preparedRowsOfKeys). */
  rowsOfKeys?: (keys: number[]) => Promise<Awaited<Q>>;
}

/** What a list was asked for but the paging and the sort: its filters. */
export function filtersOf(query: object): Record<string, unknown> {
  const { page: _page, count: _count, sortBy: _sortBy, direction: _direction, ...filters } = query as Record<string, unknown>;
  return filters;
}

/** A totalKey: the list's name, and its filters (and whose view it is, if that matters). */
export function totalKeyOf(list: string, query: object): string {
  return `${list} ${JSON.stringify(filtersOf(query))}`;
}

export type ListPage<R, C> = ListResult<R> & { totals: C | undefined };

export function orderOf<S extends string>(paging: Paging<S>, sortable: SortColumns<S>, tieBreak: AnyColumn): SQL[] {
  const order = paging.direction === 'asc' ? asc : desc;
  const sort = sortable[paging.sortBy];
  const columns: readonly (AnyColumn | SQL)[] = Array.isArray(sort) ? sort : [sort];
  // Sorted by the tie-break itself (the default, newest first): once is enough.
  return [...columns.map((column) => order(column)), ...(columns.includes(tieBreak) ? [] : [order(tieBreak)])];
}

export async function pagedList<S extends string, Q extends PgSelect, C extends CountRow = CountRow>(
  db: Db,
  paging: Paging<S>,
  spec: ListSpec<S, Q, C>,
): Promise<ListPage<Awaited<Q>[number], C>> {
  const lists = listsOf(db);
  const limit = paging.count;
  const offset = (paging.page - 1) * paging.count;
  const order = orderOf(paging, spec.sortable, spec.tieBreak);
  const counted = spec.totalKey ? lists.total(spec.totalKey, () => spec.count) : Promise.resolve(spec.count);
  let page: Promise<Awaited<Q>>;
  if (!spec.keys)
    page = Promise.resolve(
      spec.rows
        .orderBy(...order)
        .limit(limit)
        .offset(offset) as Awaited<Q>,
    );
  else {
    const known = spec.totalKey ? lists.known(spec.totalKey) : undefined;
    page = pageKeys(paging, spec, spec.keys, Number(known?.[0]?.n ?? Number.NaN)).then((keys) => rowsOfKeys(spec, keys, order));
  }
  const [rows, totals] = await Promise.all([page, counted]);
  return { rows, count: Number(totals[0]?.n ?? 0), totals: totals[0] };
}

/**
 * Where a page's keys are read from when the list's total is known: past the middle of the list they are counted
 * from the other end (`backwards`), so the last page skips ten index entries rather than all the others; null past
 * the last row.
 */
export function pageWindow(paging: Paging<string>, total: number): { backwards: boolean; limit: number; offset: number } | null {
  const limit = paging.count;
  const offset = (paging.page - 1) * paging.count;
  if (offset >= total) return null;
  const fromEnd = total - offset - limit;
  return offset > total / 2
    ? { backwards: true, limit: limit + Math.min(0, fromEnd), offset: Math.max(0, fromEnd) }
    : { backwards: false, limit, offset };
}

/** The direction the keys are read in: the asked one, or the other when read from the end. */
export const keysDirection = (paging: Paging<string>, backwards: boolean) =>
  backwards ? (paging.direction === 'asc' ? 'desc' : 'asc') : paging.direction;

/** The page's keys, in the asked order (total NaN while unknown: read from the start). */
async function pageKeys<S extends string>(
  paging: Paging<S>,
  spec: { sortable: SortColumns<S>; tieBreak: AnyColumn },
  keys: PgSelect,
  total: number,
): Promise<number[]> {
  const window = pageWindow(paging, Number.isNaN(total) ? Number.POSITIVE_INFINITY : total);
  if (!window) return [];
  const found = (await keys
    .orderBy(...orderOf({ ...paging, direction: keysDirection(paging, window.backwards) }, spec.sortable, spec.tieBreak))
    .limit(window.limit)
    .offset(window.offset)) as { key: number }[];
  const inOrder = found.map((row) => Number(row.key));
  return window.backwards ? inOrder.reverse() : inOrder;
}

/** The rows of the page's keys in the page's order: by the list's prepared statement, or its rows select. */
function rowsOfKeys<Q extends PgSelect>(
  spec: { rows: Q; tieBreak: AnyColumn; rowsOfKeys?: (keys: number[]) => Promise<Awaited<Q>> },
  keys: number[],
  order: SQL[],
): Promise<Awaited<Q>> {
  if (keys.length === 0) return Promise.resolve([] as unknown as Awaited<Q>);
  if (spec.rowsOfKeys) return spec.rowsOfKeys(keys);
  return Promise.resolve(spec.rows.where(anyOf(spec.tieBreak, keys)).orderBy(...order) as Awaited<Q>);
}

/**
 * A member's own list (their characters, notices, prestige record): few rows, opened on every visit. Each sort is
 * one statement, prepared by name once per database, that reads the page and counts every row of the list beside it
 * (window counts in `select`, e.g. `n: sql\`count(*) over ()\``): one round trip, planned once. `select` reads the
 * owner as `sql.placeholder('owner')`. A page past the last row has no row to carry the count: page 1 counts then.
 */
export function ownList<S extends string, Q extends PgSelect, R = Awaited<Q>[number]>(
  name: string,
  list: { sortable: SortColumns<S>; tieBreak: AnyColumn; select: (db: Db) => Q },
): (db: Db, owner: number, paging: Paging<S>) => Promise<{ rows: R[]; count: number; totals: R | undefined }> {
  const statements = oncePerDatabase(() => new Map<string, { execute(values: Record<string, number>): Promise<R[]> }>());
  const statement = (db: Db, paging: Paging<S>) => {
    const sorted = `${name}_${paging.sortBy}_${paging.direction}`;
    let found = statements(db).get(sorted);
    if (!found) {
      found = list
        .select(db)
        .orderBy(...orderOf(paging, list.sortable, list.tieBreak))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(sorted) as unknown as { execute(values: Record<string, number>): Promise<R[]> };
      statements(db).set(sorted, found);
    }
    return found;
  };
  return async (db, owner, paging) => {
    const page = (n: number) => statement(db, paging).execute({ owner, limit: paging.count, offset: (n - 1) * paging.count });
    const rows = await page(paging.page);
    const totals = rows[0] ?? (paging.page > 1 ? (await page(1))[0] : undefined);
    return { rows, count: Number((totals as CountRow | undefined)?.n ?? 0), totals };
  };
}

/**
 * A list's rows by key through one statement prepared once per database under `name`, so PostgreSQL keeps its plan
 * (primary-key look-ups whatever the keys; planning the joins cost more than running them). `select(db, where)` is
 * the list's rows select with that where. The rows come back in the order of the keys asked for.
 */
export function preparedRowsOfKeys<R extends Record<string, unknown>>(
  name: string,
  key: { column: AnyColumn; field: keyof R & string },
  select: (db: Db, where: SQL) => { prepare(name: string): { execute(values: { keys: number[] }): Promise<R[]> } },
): (db: Db, keys: number[]) => Promise<R[]> {
  const statement = oncePerDatabase((db) => select(db, anyOfKeys(key.column, sql.placeholder('keys'))).prepare(name));
  return async (db, keys) => {
    const rows: R[] = await statement(db).execute({ keys });
    const byKey = new Map(rows.map((row) => [Number(row[key.field]), row]));
    return keys.map((k) => byKey.get(k)).filter((row): row is R => row !== undefined);
  };
}
