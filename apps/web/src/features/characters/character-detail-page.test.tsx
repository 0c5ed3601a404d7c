// A character detail whose URL names no character says so instead of loading for ever.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
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
});
