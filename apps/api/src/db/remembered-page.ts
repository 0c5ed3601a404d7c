// A page of a large list whose total is remembered (db/list-totals.ts) in ONE round trip (decision 124): a statement
// prepared by name per sort, direction and end, that sorts and skips the page's keys in a subquery and reads their
// rows. Until the total is remembered (the first request, a small list) the caller reads through pagedList, which
// counts it and remembers it; both give the same rows and totals.
import type { Paging } from '@guildhall/shared/schemas/envelope';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { keysDirection, orderOf, pageWindow, type SortColumns } from './list';
import { type CountRow, listsOf } from './list-totals';
import { oncePerDatabase } from './per-database';
import type { Db } from './types';

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

/** The page while the list's total is remembered as large, else undefined. `values` fill the placeholders of `keys` and `rows`. */
export function rememberedPages<S extends string, R>(
  spec: RememberedPageSpec<S>,
): (
  db: Db,
  page: { paging: Paging<S>; totalKey: string; count: () => PromiseLike<CountRow[]>; values?: Record<string, unknown> },
) => Promise<{ rows: R[]; count: number } | undefined> {
  const statements = oncePerDatabase(() => new Map<string, Statement<R>>());
  const statement = (db: Db, paging: Paging<S>, backwards: boolean) => {
    const name = `${spec.name}_${paging.sortBy}_${paging.direction}${backwards ? '_from_end' : ''}`;
    let found = statements(db).get(name);
    if (!found) {
      const keys = spec
        .keys(db)
        .orderBy(...orderOf({ ...paging, direction: keysDirection(paging, backwards) }, spec.sortable, spec.tieBreak));
      // The limit and offset behind subqueries: a plan made for the values would see a limit of ten and always cost
      // less than the generic one, so the statement would be planned on every run. Neither plan sees them now, and
      // the generic one is kept from the sixth run on, walking the same index.
      const page = sql`${keys} limit (select ${sql.placeholder('limit')}::bigint) offset (select ${sql.placeholder('offset')}::bigint)`;
      found = spec
        .rows(db, sql`${spec.tieBreak} = any(array(${page}))`)
        .orderBy(...orderOf(paging, spec.sortable, spec.tieBreak))
        .prepare(name) as unknown as Statement<R>;
      statements(db).set(name, found);
    }
    return found;
  };
  return async (db, { paging, totalKey, count, values }) => {
    const lists = listsOf(db);
    const known = lists.known(totalKey);
    if (!known) return undefined;
    // Served from memory (and counted again past its time, for the next requests), as pagedList does.
    const counted = lists.total(totalKey, count);
    const window = pageWindow(paging, Number(known[0]?.n ?? 0));
    const page = window
      ? statement(db, paging, window.backwards).execute({ ...values, limit: window.limit, offset: window.offset })
      : Promise.resolve([]);
    const [rows, totals] = await Promise.all([page, counted]);
    return { rows, count: Number(totals[0]?.n ?? 0) };
  };
}
