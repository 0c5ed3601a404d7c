// Character detail › Applications pages through every application the API counts, not only the first 100.
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
      const page = Number(new URL(String(url), 'http://localhost').searchParams.get('page') ?? '1');
      const ids = page === 1 ? Array.from({ length: 100 }, (_, i) => 101 - i) : [1];
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
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('APP-1')).toBeInTheDocument();
    expect(String(fetchSpy.mock.calls.at(-1)![0])).toContain('page=2');
    fetchSpy.mockRestore();
  });
});
