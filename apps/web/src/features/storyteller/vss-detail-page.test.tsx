// A style sheet detail whose URL names no style sheet says so instead of loading for ever.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth';
import { VssDetailPage } from './vss-detail-page';

describe('VssDetailPage', () => {
  it.each(['abc', '-3', '1.5'])('shows Not found page for /storyteller/vss-manager/%s and asks nothing', async (id) => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <MemoryRouter initialEntries={[`/storyteller/vss-manager/${id}`]}>
            <Routes>
              <Route path="/storyteller/vss-manager/:id" element={<VssDetailPage />} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to VSS list/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
