// The Overview's "Next games" waits for the page's own figures, but not for ever: when the overview fails, the games
// are still asked for and shown (here: none yet), not "Loading games…" for good.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, json } from '../../test/fetch-answers';
import { OverviewPage } from './overview-page';

vi.mock('../../lib/auth', () => ({
  useAuth: () => ({ token: 't', user: { id_user: 7, id_location: 3, user_camnum: 'US7', user_expiration: '2030-01-01' } }),
}));

describe('OverviewPage', () => {
  it('shows the next games when the overview could not be loaded', async () => {
    answerFetch((path) => {
      if (path.endsWith('/user/7/overview')) return json({ code: 'db.unavailable', message: 'The database is not available.' }, 503);
      if (path.endsWith('/games')) return json({ result: { rows: [], count: 0 } });
      return json({ code: 'not_found', message: 'Not here.' }, 404);
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <OverviewPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/The overview could not be loaded/)).toBeInTheDocument();
    expect(await screen.findByText('You have not signed up for a game yet.')).toBeInTheDocument();
    expect(screen.queryByText('Loading games…')).toBeNull();
  });
});
