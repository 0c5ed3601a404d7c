// A refused Accept or Reject says which it was (SPEC §8 words the Accept's failure) and, below, why the API refused.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { VenueCharactersTable } from './venue-characters-table';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id_user: 3 } }) }));

const ROW = {
  id_character: 9,
  character_name: 'Mira',
  player_name: 'Ada Lovelace',
  user_camnum: 'US1',
  type_name: 'Vampire',
  subtype_name: 'Brujah',
  vss_status: 'Pending',
  abilities: ['sign'],
};
const REFUSAL = 'This style sheet has gone to another storyteller since; reload it to see who runs it now.';

let fetchSpy: MockInstance<typeof fetch>;
afterEach(() => fetchSpy.mockRestore());

function renderTable() {
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    if (init?.method === 'POST') {
      return new Response(JSON.stringify({ code: 'venues.changed_hands', message: REFUSAL }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(JSON.stringify({ result: { rows: [ROW], count: 1 } }), { headers: { 'content-type': 'application/json' } });
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastContainer />
      <VenueCharactersTable venueId={4} caption="Characters" />
    </QueryClientProvider>,
  );
}

describe('VenueCharactersTable', () => {
  it.each([
    ['Reject', 'Sorry, failed to reject the character'],
    ['Accept', 'Sorry, failed to accept the character'],
  ])('a refused %s says so, with the API’s reason', async (action, failure) => {
    renderTable();
    await userEvent.click(await screen.findByRole('button', { name: `${action} Mira` }));
    const alert = await screen.findByText(failure);
    expect(within(alert.parentElement!).getByText(REFUSAL)).toBeInTheDocument();
  });
});
