import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type Column, DataTable, nextSort, type SortState } from './data-table';

interface Row {
  id: number;
  name: string;
}
const COLUMNS: Column<Row>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', cell: (r) => r.name },
  { key: 'id', header: 'Id', cell: (r) => r.id },
];
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Member ${i + 1}` }));

function Harness({ total, onPageChange = () => undefined }: { total: number; onPageChange?: (page: number) => void }) {
  const [sort, setSort] = useState<SortState>({ sortBy: 'name', direction: 'asc' });
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <DataTable
      caption="Members"
      columns={COLUMNS}
      rows={rows(Math.min(total, 10))}
      rowKey={(r) => r.id}
      total={total}
      page={1}
      pageSize={10}
      onPageChange={onPageChange}
      sort={sort}
      onSortChange={setSort}
      selectedKey={selected}
      onSelect={(r) => setSelected(r.id)}
    />
  );
}

describe('DataTable', () => {
  it('says No result when there are no rows', () => {
    render(<Harness total={0} />);
    expect(screen.getByRole('cell', { name: 'No result' })).toBeInTheDocument();
  });

  it('toggles a sortable column between ascending and descending; others do not sort', async () => {
    render(<Harness total={3} />);
    const name = screen.getByRole('columnheader', { name: /Name/ });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(name).getByRole('button'));
    expect(name).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(name).getByRole('button'));
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(within(screen.getByRole('columnheader', { name: 'Id' })).queryByRole('button')).toBeNull();
    expect(nextSort({ sortBy: 'name', direction: 'desc' }, 'id')).toEqual({ sortBy: 'id', direction: 'asc' });
  });

  it('marks only one selected row', async () => {
    render(<Harness total={3} />);
    await userEvent.click(screen.getByRole('row', { name: /Member 1/ }));
    await userEvent.click(screen.getByRole('row', { name: /Member 2/ }));
    expect(screen.getByRole('row', { name: /Member 2/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('row', { name: /Member 1/ })).toHaveAttribute('aria-selected', 'false');
  });

  it('shows paging only when the total exceeds the page size, with Prev, Next and Go to page', async () => {
    const { unmount } = render(<Harness total={10} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    unmount();
    const onPageChange = vi.fn();
    render(<Harness total={35} onPageChange={onPageChange} />);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByText('Page 1 of 4')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Prev' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.type(within(pager).getByLabelText('Go to page'), '4');
    await userEvent.click(within(pager).getByRole('button', { name: 'Go' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    await userEvent.type(within(pager).getByLabelText('Go to page'), '9');
    await userEvent.click(within(pager).getByRole('button', { name: 'Go' }));
    expect(onPageChange).toHaveBeenCalledTimes(2);
  });

  it('past the last page (its rows deleted meanwhile) still offers the way back: Prev goes to the last page', async () => {
    const onPageChange = vi.fn();
    render(
      <DataTable
        caption="Members"
        columns={COLUMNS}
        rows={[]}
        rowKey={(r) => r.id}
        total={20}
        page={5}
        pageSize={10}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText('No result')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    await userEvent.click(within(pager).getByRole('button', { name: 'Prev' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('runs a row action without selecting the row, and names the action for screen readers', async () => {
    const onSelect = vi.fn();
    const onDelete = vi.fn();
    render(
      <DataTable
        caption="Members"
        columns={COLUMNS}
        rows={rows(2)}
        rowKey={(r) => r.id}
        total={2}
        page={1}
        pageSize={10}
        onPageChange={() => undefined}
        onSelect={onSelect}
        rowActions={(r) => [{ label: 'Delete', accessibleLabel: `Delete ${r.name}`, danger: true, onClick: () => onDelete(r.id) }]}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Member 2' }));
    expect(onDelete).toHaveBeenCalledWith(2);
    expect(onSelect).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('cell', { name: 'Member 1' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('in load-more mode shows Load more while rows remain, and no pager', async () => {
    const onLoadMore = vi.fn();
    const table = (shown: number) => (
      <DataTable
        caption="Characters"
        columns={COLUMNS}
        rows={rows(shown)}
        rowKey={(r) => r.id}
        total={15}
        page={1}
        pageSize={10}
        onPageChange={() => undefined}
        onLoadMore={onLoadMore}
      />
    );
    const { rerender } = render(table(10));
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(table(15));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(16);
  });
});
