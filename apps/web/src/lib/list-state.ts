// One list state for every paged table: page, sort and filters live in the URL's query, so a list survives a
// reload, a shared link and the back button. Changing the sort or a filter goes back to page 1.
import { DEFAULT_PAGE_SIZE } from '@guildhall/shared/constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SortState } from '../components/data-table';

export interface ListStateOptions<S extends string, F extends string> {
  defaultSort: { sortBy: S; direction: 'asc' | 'desc' };
  /** The sortable keys (the shared schema's list): anything else in the URL falls back to the default. */
  sortable: readonly S[];
  filters?: readonly F[];
  pageSize?: number;
  /** Keeps two lists on one page apart in the URL (e.g. 'xp' gives xpPage, xpSortBy …). */
  prefix?: string;
}

export interface ListState<S extends string, F extends string> {
  page: number;
  pageSize: number;
  sort: { sortBy: S; direction: 'asc' | 'desc' };
  filters: Record<F, string>;
  /** The API's query: sortBy, direction, page, count and the non-empty filters. */
  query: { sortBy: S; direction: 'asc' | 'desc'; page: number; count: number } & Partial<Record<F, string>>;
  setPage(page: number): void;
  setSort(sort: SortState): void;
  /**
   * `typed`: a text filter applied as it is typed. Its first letter adds a history entry, later ones replace it, so
   * Back returns to the list before the search, not through every letter.
   */
  setFilters(changes: Partial<Record<F, string | undefined>>, options?: { typed?: boolean }): void;
}

export function useListState<S extends string, F extends string = never>(options: ListStateOptions<S, F>): ListState<S, F> {
  const [params, setParams] = useSearchParams();
  const { defaultSort, sortable, filters: filterKeys = [], pageSize = DEFAULT_PAGE_SIZE, prefix = '' } = options;
  const key = useCallback((name: string) => (prefix ? `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name), [prefix]);

  const page = Math.max(1, Number.parseInt(params.get(key('page')) ?? '', 10) || 1);
  const askedSort = params.get(key('sortBy')) as S | null;
  const askedDirection = params.get(key('direction'));
  const sort = {
    sortBy: askedSort && sortable.includes(askedSort) ? askedSort : defaultSort.sortBy,
    direction: askedDirection === 'asc' || askedDirection === 'desc' ? askedDirection : defaultSort.direction,
  };
  const filterText = filterKeys.map((f) => params.get(key(f)) ?? '').join('\u0001');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterText is the filters' identity
  const filters = useMemo(
    () => Object.fromEntries(filterKeys.map((f) => [f, params.get(key(f)) ?? ''])) as Record<F, string>,
    [filterText, key],
  );

  const update = useCallback(
    (changes: Record<string, string | undefined>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value) next.set(key(name), value);
            else next.delete(key(name));
          }
          return next;
        },
        { replace },
      ),
    [setParams, key],
  );

  const query = {
    sortBy: sort.sortBy,
    direction: sort.direction,
    page,
    count: pageSize,
    ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)),
  } as ListState<S, F>['query'];

  return {
    page,
    pageSize,
    sort,
    filters,
    query,
    setPage: (next) => update({ page: next > 1 ? String(next) : undefined }),
    setSort: (next) => update({ sortBy: next.sortBy, direction: next.direction, page: undefined }),
    setFilters: (changes, options) =>
      update(
        { ...(changes as Record<string, string | undefined>), page: undefined },
        Boolean(options?.typed) && Object.keys(changes).every((name) => params.get(key(name))),
      ),
  };
}
