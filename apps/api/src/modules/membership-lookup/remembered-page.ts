// A page of a large list whose total is remembered (db/list-totals.ts), in ONE round trip: a statement prepared by name
// once per sort, direction and end, that sorts and skips the page's keys in a subquery and reads their rows. Generic:
// it belongs beside pagedList in db/list.ts, whose page arithmetic (pageKeys) it repeats (issue 24; decision 124).
import type { Paging } from '@guildhall/shared/schemas/envelope';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type DatabaseLists, type Db, oncePerDatabase, orderOf, type SortColumns } from '../../db/index';

type Statement<R> = { execute(values: Record<string, unknown>): Promise<R[]> };

export interface RememberedPageSpec<S extends string> {
  /** What the statements' names start with (`lookup_page` → `lookup_page_id_user_desc`). */
  name: string;
  sortable: SortColumns<S>;
  /** A unique column, sorted in the same direction after the chosen one. */
  tieBreak: AnyColumn;
  /** The narrow select of the list's keys (`db.select({ key: tieBreak })`, its from, joins and where), as pagedList's `keys`. */
  keys: (db: Db) => PgSelect;
  /** The list's rows select with the given where (the page's keys). */
  rows: (db: Db, where: SQL) => PgSelect;
}

/**
 * The page when the list's total is remembered as large, else undefined (the caller reads it through pagedList, which
 * counts it and remembers it). Past the middle the keys are taken from the other end, as pagedList does; the rows come
 * back in the asked order. `values` fill the placeholders of `keys` and `rows`.
 */
export function rememberedPages<S extends string, R>(
  spec: RememberedPageSpec<S>,
): (
  db: Db,
  lists: DatabaseLists | undefined,
  page: { paging: Paging<S>; totalKey: string; count: () => PromiseLike<{ n: number | string }[]>; values?: Record<string, unknown> },
) => Promise<{ rows: R[]; count: number } | undefined> {
  const statements = oncePerDatabase(() => new Map<string, Statement<R>>());
  const statement = (db: Db, paging: Paging<S>, keysDirection: 'asc' | 'desc') => {
    const name = `${spec.name}_${paging.sortBy}_${paging.direction}${keysDirection === paging.direction ? '' : '_from_end'}`;
    let found = statements(db).get(name);
    if (!found) {
      const keys = spec.keys(db).orderBy(...orderOf({ ...paging, direction: keysDirection }, spec.sortable, spec.tieBreak));
      // The limit and offset behind subqueries: a plan made for the values would see a limit of ten and always cost
      // less than the generic one (which guesses a tenth of the rows), so the statement was planned on every run (a
      // millisecond for the Approvals' six tables). Neither plan sees them now, both cost the same, and the generic
      // one is kept from the sixth run on, walking the same index.
      const page = sql`${keys} limit (select ${sql.placeholder('limit')}::bigint) offset (select ${sql.placeholder('offset')}::bigint)`;
      found = spec
        .rows(db, sql`${spec.tieBreak} = any(array(${page}))`)
        .orderBy(...orderOf(paging, spec.sortable, spec.tieBreak))
        .prepare(name) as unknown as Statement<R>;
      statements(db).set(name, found);
    }
    return found;
  };
  return async (db, lists, { paging, totalKey, count, values }) => {
    const known = lists?.known(totalKey);
    if (!lists || !known) return undefined;
    // Served from memory (and counted again past its time, for the next requests), as pagedList does.
    const counted = lists.total(totalKey, count);
    const total = Number(known[0]?.n ?? 0);
    const limit = paging.count;
    const offset = (paging.page - 1) * paging.count;
    const backwards = offset > total / 2;
    const fromEnd = total - offset - limit;
    const page =
      offset >= total
        ? Promise.resolve([])
        : statement(db, paging, backwards ? (paging.direction === 'asc' ? 'desc' : 'asc') : paging.direction).execute({
            ...values,
            limit: backwards ? limit + Math.min(0, fromEnd) : limit,
            offset: backwards ? Math.max(0, fromEnd) : offset,
          });
    const [rows, totals] = await Promise.all([page, counted]);
    return { rows, count: Number(totals[0]?.n ?? 0) };
  };
}
