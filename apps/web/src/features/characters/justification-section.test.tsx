// Character Sheet Information saves the justification with the character's venue as it is now, never the one the
// page opened with (the Overview may have moved it since).
import type { Character } from '@guildhall/shared/schemas/characters';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { JustificationSection } from './justification-section';

const CHARACTER: Character = {
  id_character: 5,
  character_name: 'Mira',
  id_user: 7,
  id_venue: 1,
  venue_name: 'Old Town',
  being_reviewed: 'yes',
  st_signed: 'yes',
  vss_status: 'Accepted',
  id_type: 1,
  type_name: 'Vampire',
  id_subtype: 2,
  subtype_name: 'Brujah',
  character_status: 'Active',
  xp_log_sum: 0,
  xp_log_count: 0,
  app_count: 0,
  character_virtue: 'Hope',
  character_vice: 'Pride',
  character_concept: null,
  character_concept_description: 'Raised in the old town.',
  sign_response: null,
  player_name: 'Ada Lovelace',
  user_camnum: 'US1',
  xp_balance: 0,
};

let fetchSpy: MockInstance<typeof fetch>;

function renderSection(character: Character) {
  fetchSpy = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify({ result: character }), { status: 200 }));
  const client = new QueryClient();
  const view = (c: Character) => (
    <QueryClientProvider client={client}>
      <ToastContainer />
      <JustificationSection character={c} canEdit />
    </QueryClientProvider>
  );
  const { rerender } = render(view(character));
  /** The detail query answering again, as after the Overview saved. */
  const refetched = (c: Character) => rerender(view(c));
  const sent = () => fetchSpy.mock.calls.map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) }));
  return { refetched, sent };
}

async function saveJustification(text: string) {
  const field = screen.getByLabelText('Justification');
  await userEvent.clear(field);
  await userEvent.type(field, text);
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
}

afterEach(() => fetchSpy.mockRestore());

describe('JustificationSection', () => {
  it('sends the venue the Overview moved the character to, not the one the page opened with', async () => {
    const { refetched, sent } = renderSection(CHARACTER);
    refetched({ ...CHARACTER, id_venue: 2, venue_name: 'Harbour', vss_status: 'Pending', being_reviewed: 'no' });
    await saveJustification('Left for the harbour.');
    expect(await screen.findByText('The justification was updated successfully')).toBeInTheDocument();
    expect(sent()).toEqual([
      { url: '/api/character/5/update', body: { id_venue: 2, character_concept_description: 'Left for the harbour.' } },
    ]);
  });

  it('asks for a venue while the character has none, and saves once the Overview gave it one', async () => {
    const { refetched, sent } = renderSection({ ...CHARACTER, id_venue: null, venue_name: null });
    await saveJustification('No table yet.');
    expect(await screen.findByRole('alert')).toHaveTextContent('venue is a required field');
    expect(sent()).toEqual([]);

    refetched({ ...CHARACTER, id_venue: 3, venue_name: 'Uptown' });
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The justification was updated successfully')).toBeInTheDocument();
    expect(screen.queryByText('venue is a required field')).toBeNull();
    expect(sent()).toEqual([{ url: '/api/character/5/update', body: { id_venue: 3, character_concept_description: 'No table yet.' } }]);
  });
});
