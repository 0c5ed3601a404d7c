// A refused Accept or Reject says which it was (SPEC §8 words the Accept's failure) and, below, why the API refused;
// Reject asks first, and sends the reason given for the player.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
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

function renderTable(signed = false) {
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    if (init?.method === 'POST' && signed) {
      return new Response(JSON.stringify({ result: 'Rejected' }), { headers: { 'content-type': 'application/json' } });
    }
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
    if (action === 'Reject') await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }));
    const alert = await screen.findByText(failure);
    expect(within(alert.parentElement!).getByText(REFUSAL)).toBeInTheDocument();
  });

  it('asks before rejecting, and sends the reason given for the player', async () => {
    renderTable(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Mira' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Mira?' });
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Reason for the player (optional)'), 'Clan Brujah is closed at this venue.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Successfully updated')).toBeInTheDocument();
    const posted = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(posted[1]!.body))).toEqual({
      resultSigned: 'no',
      storytellerId: 3,
      signResponse: 'Clan Brujah is closed at this venue.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
