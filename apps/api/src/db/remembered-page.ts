// A page of a large list in ONE round trip, by a statement prepared by name per sort and direction, for the views
// whose plan may be kept (decision 124): the page's keys are sorted and skipped in a subquery and their rows read.
// While the list's total is remembered (db/list-totals.ts), past the middle the keys come from the other end; until
// then (the first request, a small list) the statement reads from the start and counts the list beside the rows, as
// their column `n`, and a large total is remembered (decision 129).
import type { Paging } from '@guildhall/shared/schemas/envelope';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { keysOfPage, orderOf, pageWindow, type SortColumns } from './list';
import { listsOf } from './list-totals';
import { oncePerDatabase } from './per-database';
import type { Db } from './types';

type Statement<R> = { execute(values: Record<string, unknown>): Promise<R[]> };
/** How a statement reads its page: from the start counting the list, from the start, or from the end. */
type Reading = 'counted' | 'from_start' | 'from_end';

export interface RememberedPageSpec<S extends string> {
  /** What the statements' names start with (`lookup_page` → `lookup_page_id_user_desc_counted`). */
  name: string;
  sortable: SortColumns<S>;
  /** A unique column, sorted in the same direction after the chosen one. */
  tieBreak: AnyColumn;
  /** The narrow select of the list's keys (`db.select({ key: tieBreak })`, its from, joins and where), as pagedList's `keys`. */
  keys: (db: Db) => PgSelect;
  /** The list's rows select with the given where (the page's keys) and, as its column `n`, the given total (or null). */
  rows: (db: Db, where: SQL, n: SQL<number | null>) => PgSelect;
  /** The list's count: `db.select({ n: count() })` with the same from and where as `keys`. */
  count: (db: Db) => PgSelect;
}

/** A page and the total of the list. `values` fill the placeholders of `keys`, `rows` and `count`. */
export function rememberedPages<S extends string, R extends { n: number | string | null }>(
  spec: RememberedPageSpec<S>,
): (db: Db, page: { paging: Paging<S>; totalKey: string; values?: Record<string, unknown> }) => Promise<{ rows: R[]; count: number }> {
  const statements = oncePerDatabase(() => new Map<string, Statement<R>>());
  const statement = (db: Db, paging: Paging<S>, reading: Reading) => {
    const name = `${spec.name}_${paging.sortBy}_${paging.direction}_${reading}`;
    let found = statements(db).get(name);
    if (!found) {
      // The limit and offset behind subqueries: a plan made for the values would see a limit of ten and always cost
      // less than the generic one, so the statement would be planned on every run. Neither plan sees them now, and
      // the generic one is kept from the sixth run on, walking the same index.
      const window = {
        backwards: reading === 'from_end',
        limit: sql`(select ${sql.placeholder('limit')}::bigint)`,
        offset: sql`(select ${sql.placeholder('offset')}::bigint)`,
      };
      const n = reading === 'counted' ? sql<number>`(${spec.count(db)})` : sql<null>`null::bigint`;
      found = spec
        .rows(db, keysOfPage(paging, spec.keys(db), spec, window), n)
        .orderBy(...orderOf(paging, spec.sortable, spec.tieBreak))
        .prepare(name) as unknown as Statement<R>;
      statements(db).set(name, found);
    }
    return found;
  };
  return async (db, { paging, totalKey, values }) => {
    const lists = listsOf(db);
    const counted = (page: number) =>
      statement(db, paging, 'counted').execute({ ...values, limit: paging.count, offset: (page - 1) * paging.count });
    const known = lists.known(totalKey);
    if (!known) {
      const rows = await counted(paging.page);
      // A page past the last row has no row to carry the count: page 1 counts then.
      const count = Number((rows[0] ?? (paging.page > 1 ? (await counted(1))[0] : undefined))?.n ?? 0);
      lists.remember(totalKey, [{ n: count }]);
      return { rows, count };
    }
    // Served from memory, and counted again past its time (page 1 of the counting statement) for the next requests.
    const total = lists.total(totalKey, async () => [{ n: (await counted(1))[0]?.n ?? 0 }]);
    const window = pageWindow(paging, Number(known[0]?.n ?? 0));
    const page = window
      ? statement(db, paging, window.backwards ? 'from_end' : 'from_start').execute({
          ...values,
          limit: window.limit,
          offset: window.offset,
        })
      : Promise.resolve([]);
    const [rows, totals] = await Promise.all([page, total]);
    return { rows, count: Number(totals[0]?.n ?? 0) };
  };
}
