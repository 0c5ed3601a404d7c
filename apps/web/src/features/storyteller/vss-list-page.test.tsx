// Edit on a VSS list row fetches the sheet's text first: it says so while it loads, and a sheet that cannot be read
// is said once ('Failed to fetch vss data') and let go of, so Edit on the same row asks again.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, json } from '../../test/fetch-answers';
import { VssListPage } from './vss-list-page';

vi.mock('../../lib/abilities', () => ({ useCan: () => false }));
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ token: 't', user: { id_user: 7, id_location: 3 } }) }));

const ROW = {
  id_venue: 5,
  venue_name: 'Old Town',
  venue_type: 'Court',
  location_name: 'Boston',
  storyteller_name: 'Ada Lovelace',
  abilities: ['edit'],
};

describe('VssListPage, Edit', () => {
  it('says a sheet could not be read and asks again on the next Edit', async () => {
    const sheetAsked = vi.fn();
    answerFetch((path) => {
      if (path.endsWith('/venue/5')) {
        sheetAsked();
        return json({ code: 'db.unavailable', message: 'The database is not available.' }, 503);
      }
      if (path.endsWith('/venues/get')) return json({ result: { rows: [ROW], count: 1 } });
      return json({ result: { rows: [], count: 0 } });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastContainer />
        <MemoryRouter>
          <VssListPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Old Town' }));
    expect(await screen.findByText('Failed to fetch vss data')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading the style sheet…')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Edit Old Town' }));
    await waitFor(() => expect(sheetAsked).toHaveBeenCalledTimes(2));
  });
});
