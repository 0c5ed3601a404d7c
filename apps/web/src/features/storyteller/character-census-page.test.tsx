// The census's 'Load more' asks for the next slice of sheets by name: a sheet added meanwhile before the loaded
// ones shifts that slice by one, so its first sheet is the last one already shown. It is shown once.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CharacterCensusPage } from './character-census-page';

vi.mock('../../lib/abilities', () => ({ useCan: () => true }));

const sheet = (n: number) => ({ id_venue: n, venue_name: `Sheet ${n}`, venue_type: 'Court', character_count: n });

describe('CharacterCensusPage', () => {
  it('shows a sheet once when the next page repeats it', async () => {
    const pages: Record<string, ReturnType<typeof sheet>[]> = {
      '1': Array.from({ length: 10 }, (_, i) => sheet(i + 1)),
      '2': [sheet(10), sheet(11)],
    };
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const rows = pages[new URL(String(input), 'http://localhost').searchParams.get('page') ?? '1'] ?? [];
      return new Response(JSON.stringify({ result: { rows, count: 12 } }), { headers: { 'content-type': 'application/json' } });
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CharacterCensusPage />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Sheet 11 (11 on VSS)')).toBeInTheDocument();
    expect(screen.getAllByText('Sheet 10 (10 on VSS)')).toHaveLength(1);
    expect(screen.getAllByRole('listitem')).toHaveLength(11);
    fetchSpy.mockRestore();
  });

  it('keeps the sheets shown when Load more fails, says so beside the button, and loads them on a retry', async () => {
    let failing = true;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const page = new URL(String(input), 'http://localhost').searchParams.get('page') ?? '1';
      if (page === '2' && failing) {
        return new Response(JSON.stringify({ code: 'db.unavailable', message: 'The database is not available.' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      }
      const rows = page === '1' ? Array.from({ length: 10 }, (_, i) => sheet(i + 1)) : [sheet(11)];
      return new Response(JSON.stringify({ result: { rows, count: 11 } }), { headers: { 'content-type': 'application/json' } });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CharacterCensusPage />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(/More style sheets could not be loaded/)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Sheet 11 (11 on VSS)')).toBeInTheDocument();
    fetchSpy.mockRestore();
  });
});
