// A character detail whose URL names no character says so instead of loading for ever.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CharacterDetailPage } from './character-detail-page';

describe('CharacterDetailPage', () => {
  it.each(['abc', '0', '12abc', '99999999999'])('shows Not found page for /characters/list/%s and asks nothing', async (id) => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[`/characters/list/${id}`]}>
          <Routes>
            <Route path="/characters/list/:id" element={<CharacterDetailPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Character' });
    expect(dialog).toHaveTextContent('Not found page');
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it("closes back to the list's own page and sort, without the detail's XP and Applications paging", async () => {
    const router = createMemoryRouter(
      [
        { path: '/characters/list', element: <p>My characters</p> },
        { path: '/characters/list/:id', element: <CharacterDetailPage /> },
      ],
      {
        initialEntries: ['/characters/list/abc?page=2&sortBy=name&xpPage=3&xpSortBy=date&appsPage=2&appsSortBy=status&appsDirection=desc'],
      },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByRole('dialog', { name: 'Character' });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByText('My characters')).toBeVisible());
    expect(router.state.location.search).toBe('?page=2&sortBy=name');
  });
});
