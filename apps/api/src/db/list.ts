// How a list endpoint pages (DESIGN §3, decisions 133 and 078): sorted by a whitelisted column and a unique
// tie-break, the total counted beside the page (remembered while large: db/list-totals.ts). A large list names its
// `keys`: the page's keys are sorted and skipped on that narrow select, then only their rows read, in one statement.
import type { ListResult, Paging } from '@guildhall/shared/schemas/envelope';
import { type AnyColumn, asc, desc, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type CountRow, listsOf } from './list-totals';
import { oncePerDatabase } from './per-database';
import type { Db } from './types';

/** Each sortable key's column or expression, or several sorted alike (last name, then id): a missing key is a type error. */
export type SortColumns<S extends string> = Record<S, AnyColumn | SQL | readonly (AnyColumn | SQL)[]>;

/** How a list is read; each part is built when it runs (a remembered total is not counted, a prepared page not rebuilt). */
interface ListSpec<S extends string, Q extends PgSelect> {
  /** The rows' select, built with `.$dynamic()` and its where clause; pagedList adds order, limit and offset. */
  rows: () => Q;
  /** The total over all pages for the same filters: `db.select({ n: count() })…`. */
  count: () => PromiseLike<CountRow[]>;
  /** Lists that can be large: the name their total is remembered under (equal names, equal totals). */
  totalKey?: string;
  sortable: SortColumns<S>;
  /** A unique column, sorted in the same direction after the chosen one. */
  tieBreak: AnyColumn;
  /** Lists that page deep: `db.select({ key: tieBreak })` with the from, joins and where of `rows`; `page`, the order its
   * keys are read in and the window taken, for a select that merges several (approvals.visible.ts). */
  keys?: (page: KeysWindow) => PgSelect;
  /** Filters all placeholders: the page prepared under this name per sort, run with `values`; `plan`: pageOf (no keys: absent is 'cached'). */
  prepared?: { name: string; values?: Record<string, unknown>; plan?: 'cached' | 'eachRun' };
}

/** What a list was asked for but the paging and the sort: its filters. */
export function filtersOf(query: object): Record<string, unknown> {
  const { page: _page, count: _count, sortBy: _sortBy, direction: _direction, ...filters } = query as Record<string, unknown>;
  return filters;
}

/** A totalKey: the list's name, and its filters (and whose view it is, if that matters). */
export const totalKeyOf = (list: string, query: object): string => `${list} ${JSON.stringify(filtersOf(query))}`;

function orderOf<S extends string>(paging: Paging<S>, sortable: SortColumns<S>, tieBreak: AnyColumn): SQL[] {
  const order = paging.direction === 'asc' ? asc : desc;
  const sort = sortable[paging.sortBy];
  const columns: readonly (AnyColumn | SQL)[] = Array.isArray(sort) ? sort : [sort];
  return [...columns.map((column) => order(column)), ...(columns.includes(tieBreak) ? [] : [order(tieBreak)])];
}

export async function pagedList<S extends string, Q extends PgSelect>(
  db: Db,
  paging: Paging<S>,
  spec: ListSpec<S, Q>,
): Promise<ListResult<Awaited<Q>[number]>> {
  const counted = spec.totalKey ? listsOf(db).total(spec.totalKey, spec.count) : Promise.resolve(spec.count());
  const [rows, totals] = await Promise.all([pageOf(db, paging, spec), counted]);
  return { rows: rows as Awaited<Q>[number][], count: Number(totals[0]?.n ?? 0) };
}

export type KeysWindow = { order: SQL[]; limit: SQL | Placeholder; offset: SQL | Placeholder };
type Statement<R = unknown> = { execute(values: Record<string, unknown>): Promise<R[]> };
const statements = oncePerDatabase(() => new Map<string, Statement>());
/** The statement prepared under `name` on this database, built on first use; unnamed, PostgreSQL plans each run for its values. */
export function preparedOnce<R>(db: Db, name: string, build: () => { prepare(name: string): unknown }, unnamed = false): Statement<R> {
  const known = statements(db);
  if (!known.has(name)) known.set(name, build().prepare(unnamed ? '' : name) as Statement);
  return known.get(name)! as Statement<R>;
}

function pageOf<S extends string, Q extends PgSelect>(db: Db, paging: Paging<S>, spec: ListSpec<S, Q>): PromiseLike<unknown[]> {
  const order = () => orderOf(paging, spec.sortable, spec.tieBreak);
  const { keys } = spec;
  const [limit, offset] = [paging.count, (paging.page - 1) * paging.count];
  if (!keys) {
    const page = (limit: number | Placeholder, offset: number | Placeholder) =>
      spec
        .rows()
        .orderBy(...order())
        .limit(limit)
        .offset(offset);
    if (!spec.prepared) return page(limit, offset);
    const name = `${spec.prepared.name}_${paging.sortBy}_${paging.direction}`;
    const byPlaceholders = () => page(sql.placeholder('limit'), sql.placeholder('offset'));
    return preparedOnce(db, name, byPlaceholders, spec.prepared.plan === 'eachRun').execute({ ...spec.prepared.values, limit, offset });
  }
  const known = spec.totalKey ? listsOf(db).known(spec.totalKey) : undefined;
  const window = pageWindow(limit, offset, known ? Number(known[0]?.n ?? 0) : Number.POSITIVE_INFINITY);
  if (!window) return Promise.resolve([]);
  const pageOfKeys = (limit: SQL | Placeholder, offset: SQL | Placeholder) => {
    // Read from the end, the keys are sorted the other way.
    const direction = window.backwards ? (paging.direction === 'asc' ? 'desc' : 'asc') : paging.direction;
    const keysOrder = orderOf({ ...paging, direction }, spec.sortable, spec.tieBreak);
    const pageKeys = sql`${keys({ order: keysOrder, limit, offset }).orderBy(...keysOrder)} limit ${limit} offset ${offset}`;
    return spec
      .rows()
      .where(sql`${spec.tieBreak} = any(array(${pageKeys}))`)
      .orderBy(...order());
  };
  if (!spec.prepared) return pageOfKeys(sql`${window.limit}`, sql`${window.offset}`);
  const name = `${spec.prepared.name}_${paging.sortBy}_${paging.direction}${window.backwards ? '_from_end' : ''}`;
  // Its plan kept: limit and offset behind subqueries, so that the generic plan sees no values (decision 124). 'cached':
  // PostgreSQL plans for the values until a generic plan costs no more. 'eachRun': unnamed, planned for every run.
  const placeholder = spec.prepared.plan ? sql.placeholder : (name: string) => sql`(select ${sql.placeholder(name)}::bigint)`;
  const statement = preparedOnce(db, name, () => pageOfKeys(placeholder('limit'), placeholder('offset')), spec.prepared.plan === 'eachRun');
  return statement.execute({ ...spec.prepared.values, limit: window.limit, offset: window.offset });
}

// Where a page's keys are read from (total: infinite while unknown), null past the last row; past the middle, backwards.
function pageWindow(limit: number, offset: number, total: number): { backwards: boolean; limit: number; offset: number } | null {
  if (offset >= total) return null;
  const fromEnd = total - offset - limit;
  return offset > total / 2
    ? { backwards: true, limit: limit + Math.min(0, fromEnd), offset: Math.max(0, fromEnd) }
    : { backwards: false, limit, offset };
}

/**
 * A member's own list (their characters, notices, prestige record): few rows, opened on every visit. Each sort is one
 * statement prepared by name, reading the page and counting the whole list beside it (`n: sql\`count(*) over ()\`` in
 * `select`, which reads the owner as `sql.placeholder('owner')`). A page past the last row carries no count: page 1 does.
 */
export function ownList<S extends string, Q extends PgSelect, R = Awaited<Q>[number]>(
  name: string,
  list: { sortable: SortColumns<S>; tieBreak: AnyColumn; select: (db: Db) => Q },
): (db: Db, owner: number, paging: Paging<S>) => Promise<{ rows: R[]; count: number; totals: R | undefined }> {
  return async (db, owner, paging) => {
    const statement = preparedOnce(db, `${name}_${paging.sortBy}_${paging.direction}`, () =>
      list
        .select(db)
        .orderBy(...orderOf(paging, list.sortable, list.tieBreak))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    );
    const page = async (n: number) => (await statement.execute({ owner, limit: paging.count, offset: (n - 1) * paging.count })) as R[];
    const rows = await page(paging.page);
    const totals = rows[0] ?? (paging.page > 1 ? (await page(1))[0] : undefined);
    return { rows, count: Number((totals as CountRow | undefined)?.n ?? 0), totals };
  };
}
