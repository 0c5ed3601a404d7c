// Three places that showed nothing, or "Loading…" for good: the bell while its list loads, the Prestige page's
// membership card while the totals load, and the members count once the list has failed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, json } from '../test/fetch-answers';
import { NotificationBell } from '../features/notifications/notification-bell';
import { PrestigePage } from '../features/prestige/prestige-page';
import { MemberList } from './member-list';

vi.mock('../lib/auth', () => ({ useAuth: () => ({ token: 't', user: { id_user: 7, id_location: 3 } }) }));
vi.mock('../lib/abilities', () => ({ useCan: () => false }));

function renderWith(answer: (path: string) => Response | Promise<Response>, ui: ReactNode) {
  answerFetch(answer);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
const never = () => new Promise<Response>(() => undefined);

describe('loading and failed states', () => {
  it('the bell says it is loading while its notices are asked for', async () => {
    renderWith(never, <NotificationBell />);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByText('No result')).toBeNull();
  });

  it('the Prestige page says it is loading while the totals are asked for', async () => {
    renderWith((path) => (path.endsWith('/aggregates') ? never() : json({ result: { rows: [], count: 0 } })), <PrestigePage />);
    expect(await screen.findByText('Loading the prestige totals…')).toBeInTheDocument();
  });

  it('the members count does not say "Loading…" once the list has failed', async () => {
    renderWith(
      () => json({ code: 'db.unavailable', message: 'The database is not available.' }, 503),
      <MemberList caption="My members" rowActions={() => []} />,
    );
    expect(await screen.findByText(/The database is not available/)).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
