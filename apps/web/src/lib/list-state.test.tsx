// useListState keeps a list's page, sort and filters in the URL, and goes back to page 1 when they change.
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListState } from './list-state';

function setup(url: string) {
  let router!: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/', element: children }], { initialEntries: [url] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(
    () =>
      useListState({
        defaultSort: { sortBy: 'name', direction: 'asc' },
        sortable: ['name', 'date'] as const,
        filters: ['type'] as const,
      }),
    { wrapper },
  );
  return { hook, search: () => router.state.location.search, back: () => act(() => void router.navigate(-1)) };
}

describe('useListState', () => {
  it('reads page, sort and filters from the URL, ignoring a sort key that is not sortable', () => {
    const { hook } = setup('/?page=3&sortBy=date&direction=desc&type=LARP');
    expect(hook.result.current.query).toEqual({ sortBy: 'date', direction: 'desc', page: 3, count: 10, type: 'LARP' });
    const bad = setup('/?sortBy=password&direction=sideways&page=-2');
    expect(bad.hook.result.current.query).toEqual({ sortBy: 'name', direction: 'asc', page: 1, count: 10 });
  });

  it('writes changes to the URL and goes back to page 1 when the sort or a filter changes', () => {
    const { hook, search } = setup('/?page=3');
    act(() => hook.result.current.setSort({ sortBy: 'date', direction: 'desc' }));
    expect(search()).toBe('?sortBy=date&direction=desc');
    act(() => hook.result.current.setPage(2));
    expect(hook.result.current.page).toBe(2);
    act(() => hook.result.current.setFilters({ type: 'Tabletop' }));
    expect(search()).toBe('?sortBy=date&direction=desc&type=Tabletop');
    expect(hook.result.current.query).toMatchObject({ page: 1, type: 'Tabletop' });
  });

  it('keeps one history entry for a filter typed letter by letter: Back returns to the list before it', async () => {
    const { hook, search, back } = setup('/?page=2');
    for (const typed of ['S', 'Sm', 'Smi']) act(() => hook.result.current.setFilters({ type: typed }, { typed: true }));
    expect(search()).toBe('?type=Smi');
    await back();
    expect(search()).toBe('?page=2');
  });
});
