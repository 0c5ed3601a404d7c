// A game page or check-in page whose URL names no game says 'Not found page' instead of asking for it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CheckInPage } from './check-in-page';
import { GamePage } from './game-page';

describe.each([
  ['/games/:id', '', GamePage],
  ['/games/:id/check-in', '/check-in', CheckInPage],
])('%s', (path, suffix, Page) => {
  it.each(['abc', '0', '12abc'])('shows Not found page for id %s and asks nothing', async (id) => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[`/games/${id}${suffix}`]}>
          <Routes>
            <Route path={path} element={<Page />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Not found page')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
