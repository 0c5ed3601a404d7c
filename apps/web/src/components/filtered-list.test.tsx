// FilteredList: the filters form, 'Search', 'Clear filters (n)' and the table, wired to the list state in the URL.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useListState } from '../lib/list-state';
import { FilteredList, type ListResult } from './filtered-list';

interface Row {
  id: number;
  name: string;
}
const ok: ListResult<Row> = { data: { rows: [{ id: 1, name: 'Ada' }], count: 1 }, isError: false, error: null, isFetching: false };

function Harness({
  result = ok,
  onSearch,
  errorText,
}: {
  result?: ListResult<Row>;
  onSearch?: (event: FormEvent<HTMLFormElement>) => void;
  errorText?: string;
}) {
  const list = useListState({
    defaultSort: { sortBy: 'name', direction: 'asc' },
    sortable: ['name'] as const,
    filters: ['view', 'type', 'name'] as const,
  });
  return (
    <FilteredList
      list={list}
      result={result}
      filtersLabel="Member filters"
      classNames={{ filters: 'filters', actions: 'actions' }}
      filters={
        <label>
          Type
          <input value={list.filters.type} onChange={(e) => list.setFilters({ type: e.target.value })} />
        </label>
      }
      onSearch={onSearch}
      clearable={['type', 'name']}
      errorText={errorText}
      caption="Members"
      columns={[{ key: 'name', header: 'Name', sortKey: 'name', cell: (r) => r.name }]}
      rowKey={(r) => r.id}
    />
  );
}

function setup(url: string, element = <Harness />) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return () => router.state.location.search;
}

describe('FilteredList', () => {
  it('shows the rows, and Clear filters only once a clearable filter is set', () => {
    setup('/?view=all');
    expect(screen.getByRole('form', { name: 'Member filters' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Ada' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Clear filters/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
  });

  it('counts the clearable filters set and empties only those, back to page 1', async () => {
    const search = setup('/?view=all&type=LARP&name=Ada&page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters (2)' }));
    expect(search()).toBe('?view=all');
    expect(screen.queryByRole('button', { name: /Clear filters/ })).not.toBeInTheDocument();
  });

  it('sorts through the URL', async () => {
    const search = setup('/');
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(search()).toBe('?sortBy=name&direction=desc');
  });

  it('submits the text filters with Search where the list has them', async () => {
    const onSearch = vi.fn((event: FormEvent<HTMLFormElement>) => event.preventDefault());
    setup('/?type=LARP', <Harness onSearch={onSearch} />);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Clear filters (1)' })).toBeInTheDocument();
  });

  it("says the query's error", () => {
    const failed: ListResult<Row> = { isError: true, error: { message: 'Network down' }, isFetching: false };
    setup('/', <Harness result={failed} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Network down');
  });

  it("says the list's own words for an error when it has them", () => {
    const failed: ListResult<Row> = { isError: true, error: { message: 'Network down' }, isFetching: false };
    setup('/', <Harness result={failed} errorText="Failed to fetch vss data" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch vss data');
  });
});
