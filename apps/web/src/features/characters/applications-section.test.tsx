// Character detail › Applications pages through every application the API counts (10 a page, SPEC §9), not only
// the first page's.
import type { Character } from '@guildhall/shared/schemas/characters';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApplicationsSection } from './applications-section';

const application = (id: number) => ({
  id,
  app_number: `APP-${id}`,
  description: `Item ${id}`,
  category: 'Merit',
  status: 'Pending',
  update_date: '2030-01-02T00:00:00Z',
});

describe('ApplicationsSection', () => {
  it('offers a second page when the character has more applications than one page holds', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      // 101 applications, newest (101) first, paged as the request asks.
      const query = new URL(String(url), 'http://localhost').searchParams;
      const [page, count] = [Number(query.get('page') ?? '1'), Number(query.get('count') ?? '10')];
      const ids = Array.from({ length: 101 }, (_, i) => 101 - i).slice((page - 1) * count, page * count);
      return new Response(JSON.stringify({ result: { rows: ids.map(application), count: 101 } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ApplicationsSection character={{ id_character: 5, character_name: 'Mira' } as Character} canAdd={false} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('APP-101')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 11')).toBeInTheDocument();
    expect(screen.queryByText('APP-91')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('APP-91')).toBeInTheDocument();
    expect(String(fetchSpy.mock.calls.at(-1)![0])).toContain('page=2');
    fetchSpy.mockRestore();
  });
});
