// The Documentation search lives in the URL: a reload or Back shows the same search and its results.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DocumentationPage } from './documentation-page';

vi.mock('../../lib/abilities', () => ({ useCan: () => false }));

describe('DocumentationPage', () => {
  it('shows and sends the search named in the URL, and puts a new search there', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(
        async () => new Response(JSON.stringify({ result: { rows: [], count: 0 } }), { headers: { 'content-type': 'application/json' } }),
      );
    const router = createMemoryRouter([{ path: '/utilities/documentation', element: <DocumentationPage /> }], {
      initialEntries: ['/utilities/documentation?fileName=rules&from=2026-01-01'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText('File name')).toHaveValue('rules');
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01');
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body))).toEqual({ fileName: 'rules', from: '2026-01-01' });

    await userEvent.clear(screen.getByLabelText('File name'));
    await userEvent.type(screen.getByLabelText('File name'), 'minutes');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('fileName')).toBe('minutes'));
    expect(screen.getByLabelText('File name')).toHaveValue('minutes');
    fetchSpy.mockRestore();
  });
});
