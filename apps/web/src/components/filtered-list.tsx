// The wiring every filtered list shares (SPEC §2 lists): the filters form, 'Search' where text filters apply on
// submit, 'Clear filters (n)' once one of them is set, the query's error, and the table tied to the list state
// (page and sort in the URL). The page keeps its own filter fields, columns and row actions.
import type { FormEvent, ReactNode } from 'react';
import type { ListState } from '../lib/list-state';
import { DataTable, type DataTableProps } from './data-table';
import form from './form.module.css';
import listStyles from './member-list.module.css';

/** What a list query gives back (react-query's result of a paged endpoint). */
export interface ListResult<T> {
  data?: { rows: T[]; count: number };
  isError: boolean;
  error: { message: string } | null;
  isFetching: boolean;
}

type TableProps<T> = Omit<DataTableProps<T>, 'rows' | 'total' | 'page' | 'pageSize' | 'onPageChange' | 'sort' | 'onSortChange' | 'loading'>;

export interface FilteredListProps<T, S extends string, F extends string> extends TableProps<T> {
  list: ListState<S, F>;
  result: ListResult<T>;
  /** The filters form's accessible name, e.g. 'Audit log filters'. */
  filtersLabel: string;
  /** A page's own grid for the fields (the lists' common grid by default), and for 'Search' with 'Clear filters'. */
  classNames?: { filters?: string; actions?: string };
  filters: ReactNode;
  /** Applies the text filters on submit and shows 'Search'; without it, submitting the form does nothing. */
  onSearch?: (event: FormEvent<HTMLFormElement>) => void;
  searchStyle?: 'primary' | 'secondary';
  /** The filters 'Clear filters' counts and empties; without them, there is no such button. */
  clearable?: readonly F[];
  /** Said instead of the query's own message when it fails. */
  errorText?: string;
}

export function FilteredList<T, S extends string, F extends string>({
  list,
  result,
  filtersLabel,
  classNames = { filters: listStyles.filters },
  filters,
  onSearch,
  searchStyle = 'primary',
  clearable = [],
  errorText,
  ...table
}: FilteredListProps<T, S, F>) {
  const active = clearable.filter((f) => list.filters[f]).length;
  const clear = active ? (
    <button
      type="button"
      className={form.secondary}
      onClick={() => list.setFilters(Object.fromEntries(clearable.map((f) => [f, undefined])) as Partial<Record<F, undefined>>)}
    >
      Clear filters ({active})
    </button>
  ) : null;
  return (
    <>
      <form className={classNames.filters} aria-label={filtersLabel} onSubmit={onSearch ?? ((event) => event.preventDefault())}>
        {filters}
        {onSearch ? (
          <div className={classNames.actions}>
            <button type="submit" className={form[searchStyle]}>
              Search
            </button>
            {clear}
          </div>
        ) : (
          clear
        )}
      </form>
      {result.isError ? <p role="alert">{errorText ?? result.error?.message}</p> : null}
      <DataTable
        {...table}
        rows={result.data?.rows ?? []}
        total={result.data?.count ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        loading={result.isFetching}
      />
    </>
  );
}
