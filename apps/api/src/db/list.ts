// The one way a list endpoint pages (DESIGN §3): sort only by the whitelisted columns named in the shared
// schema's sortable list, the direction honoured, a unique tie-break so pages never overlap, limit/offset in
// SQL, and the total counted by a query that runs alongside the page's (one round trip of waiting).
import type { ListResult, Paging } from '@guildhall/shared/schemas/envelope';
import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

/** Every sortable key of the shared list maps to a column or expression: a missing one is a type error. */
export type SortColumns<S extends string> = Record<S, AnyColumn | SQL>;

type CountRow = { n: number | string };

export interface ListSpec<S extends string, Q extends PgSelect, C extends CountRow = CountRow> {
  /** The rows' select, built with `.$dynamic()` and its where clause; the helper adds order, limit and offset. */
  rows: Q;
  /** The total over all pages for the same filters: `db.select({ n: count() })…` (other aggregates may ride along). */
  count: PromiseLike<C[]>;
  sortable: SortColumns<S>;
  /** A unique column, sorted in the same direction after the chosen one. */
  tieBreak: AnyColumn;
}

export function pageOf(paging: { page: number; count: number }) {
  return { limit: paging.count, offset: (paging.page - 1) * paging.count };
}

export function orderOf<S extends string>(paging: Paging<S>, sortable: SortColumns<S>, tieBreak: AnyColumn): SQL[] {
  const order = paging.direction === 'asc' ? asc : desc;
  return [order(sortable[paging.sortBy]), order(tieBreak)];
}

export async function pagedList<S extends string, Q extends PgSelect, C extends CountRow = CountRow>(
  paging: Paging<S>,
  spec: ListSpec<S, Q, C>,
): Promise<ListResult<Awaited<Q>[number]> & { totals: C | undefined }> {
  const { limit, offset } = pageOf(paging);
  const [rows, total] = await Promise.all([
    spec.rows
      .orderBy(...orderOf(paging, spec.sortable, spec.tieBreak))
      .limit(limit)
      .offset(offset) as unknown as Promise<Awaited<Q>>,
    spec.count,
  ]);
  return { rows, count: Number(total[0]?.n ?? 0), totals: total[0] };
}
