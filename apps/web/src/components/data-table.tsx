// The one table (SPEC §4 Tables): sortable headers that toggle ascending/descending, paging shown only when
// the total exceeds the page size or the page is past the last (Prev, Next, Go to page) — or, in 'load more' mode, a 'Load more' button
// while a page comes back full — one selected row at a time, a row-actions column, and 'No result'.
import { type ReactNode, useId, useState } from 'react';
import { ActionButton } from './action-button';
import styles from './data-table.module.css';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The API's sortBy for this column; absent when the column does not sort. */
  sortKey?: string;
  numeric?: boolean;
}

export interface SortState {
  sortBy: string;
  direction: 'asc' | 'desc';
}

export interface RowAction {
  label: string;
  /** What a screen reader hears, when the label alone does not say which row (e.g. 'Delete the entry of …'). */
  accessibleLabel?: string;
  danger?: boolean;
  disabled?: boolean;
  /** When it answers a promise (a request), the button stays disabled until it settles. */
  onClick: () => unknown;
}

export interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  selectedKey?: string | number | null;
  onSelect?: (row: T) => void;
  loading?: boolean;
  /** The actions of each row, in a last 'Actions' column; clicking one never selects the row. */
  rowActions?: (row: T) => RowAction[];
  /** 'Load more' instead of pages: the rows so far are shown and the button asks for the next page. */
  onLoadMore?: () => void;
}

/** The row-actions column: kept in view at the table's right edge on the desk, a row of its own on a phone. */
const ACTIONS = 'actions';

export function nextSort(current: SortState | undefined, sortKey: string): SortState {
  if (current?.sortBy === sortKey) return { sortBy: sortKey, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { sortBy: sortKey, direction: 'asc' };
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { caption, rows, rowKey, total, page, pageSize, onPageChange, sort, onSortChange, selectedKey, onSelect, loading, rowActions } =
    props;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const columns: Column<T>[] = rowActions
    ? [...props.columns, { key: ACTIONS, header: 'Actions', cell: (row) => <RowActions actions={rowActions(row)} /> }]
    : props.columns;
  return (
    <div className={styles.wrapper}>
      <div className={styles.scroller}>
        <table className={styles.table} aria-busy={Boolean(loading)}>
          <caption className={styles.caption}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const active = sort?.sortBy === column.sortKey;
                const ariaSort = active ? (sort?.direction === 'asc' ? 'ascending' : 'descending') : undefined;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={column.sortKey ? (ariaSort ?? 'none') : undefined}
                    data-numeric={column.numeric}
                    data-actions={column.key === ACTIONS || undefined}
                  >
                    {column.sortKey && onSortChange ? (
                      <button type="button" className={styles.sortButton} onClick={() => onSortChange(nextSort(sort, column.sortKey!))}>
                        {column.header}
                        <span aria-hidden="true" className={styles.sortMark}>
                          {active ? (sort?.direction === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className={styles.empty}>
                  {loading ? 'Loading…' : 'No result'}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const key = rowKey(row);
                const selected = selectedKey === key;
                return (
                  <tr
                    key={key}
                    aria-selected={onSelect ? selected : undefined}
                    data-selected={selected}
                    className={onSelect ? styles.selectable : undefined}
                    onClick={
                      onSelect
                        ? (event) => {
                            // A button, link or field inside the row does its own thing, not a selection.
                            if ((event.target as Element).closest('button, a, input, select, textarea, label')) return;
                            onSelect(row);
                          }
                        : undefined
                    }
                    onKeyDown={
                      onSelect
                        ? (event) => {
                            if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
                              event.preventDefault();
                              onSelect(row);
                            }
                          }
                        : undefined
                    }
                    tabIndex={onSelect ? 0 : undefined}
                  >
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        data-numeric={column.numeric}
                        data-label={column.header}
                        data-actions={column.key === ACTIONS || undefined}
                      >
                        <span className={styles.value}>{column.cell(row)}</span>
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {props.onLoadMore ? (
        rows.length < total ? (
          <div className={styles.loadMore}>
            <button type="button" className={styles.action} onClick={props.onLoadMore} disabled={loading} aria-busy={loading}>
              {loading ? 'Loading…' : 'Load more'}
            </button>
          </div>
        ) : null
      ) : total > pageSize || (page > pages && !loading) ? (
        <Pager page={page} pages={pages} onPageChange={onPageChange} />
      ) : null}
    </div>
  );
}

function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <div className={styles.actions}>
      {actions.map((action) => (
        <ActionButton
          key={action.label}
          className={styles.action}
          data-danger={action.danger}
          disabled={action.disabled}
          aria-label={action.accessibleLabel}
          onClick={action.onClick}
        >
          {action.label}
        </ActionButton>
      ))}
    </div>
  );
}

function Pager({ page, pages, onPageChange }: { page: number; pages: number; onPageChange: (page: number) => void }) {
  const [target, setTarget] = useState('');
  const inputId = useId();
  const go = () => {
    const n = Number.parseInt(target, 10);
    if (Number.isInteger(n) && n >= 1 && n <= pages) {
      onPageChange(n);
      setTarget('');
    }
  };
  return (
    <nav className={styles.pager} aria-label="Pages">
      {/* Past the last page (its rows were deleted meanwhile), Prev goes to the last page. */}
      <button type="button" onClick={() => onPageChange(Math.min(page - 1, pages))} disabled={page <= 1}>
        Prev
      </button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <button type="button" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
        Next
      </button>
      <form
        className={styles.goTo}
        onSubmit={(event) => {
          event.preventDefault();
          go();
        }}
      >
        <label htmlFor={inputId}>Go to page</label>
        <input
          id={inputId}
          type="number"
          min={1}
          max={pages}
          inputMode="numeric"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        />
        <button type="submit">Go</button>
      </form>
    </nav>
  );
}
