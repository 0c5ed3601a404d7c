// Signing up for a game offers only the characters the API accepts for it (shared rule isPlayableAt).
import { ACCESS_TOKEN_STORAGE_KEY } from '@guildhall/shared/constants';
import type { Game } from '@guildhall/shared/schemas/games';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth';
import { GamePage } from './game-page';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const domainEvent: Game = {
  id_game: 5,
  game_name: 'Domain Gathering',
  id_venue: null,
  venue_name: null,
  id_location: 10,
  location_name: 'Harbour Domain',
  id_series: null,
  starts_at: '2027-03-06T18:00:00.000Z',
  ends_at: '2027-03-06T22:00:00.000Z',
  time_zone: 'UTC',
  place: 'Pier 9',
  capacity: null,
  description: null,
  xp_award: 2,
  prestige_points: 0,
  prestige_category: 'Event Services',
  prestige_reason: 'Game staff',
  status: 'scheduled',
  closed_at: null,
  going: 0,
  waiting: 0,
  checked_in: 0,
  my_signup: null,
  abilities: ['signUp'],
};
const character = (id_character: number, character_name: string, id_venue: number) => ({
  id_character,
  character_name,
  id_venue,
  vss_status: 'Accepted',
  character_status: 'Active',
});

const spies: { mockRestore(): void }[] = [];
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
  localStorage.clear();
});

describe('signing up for a domain’s event', () => {
  it('offers the characters accepted on a venue of the game’s domain, not those of another domain', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, `x.${btoa(JSON.stringify({ id: 7, sid: 's' }))}.y`);
    const answers: [string, unknown][] = [
      ['/games/5', { result: domainEvent }],
      ['/characters/user/7', { result: { rows: [character(1, 'Nadia of the Harbour', 3), character(2, 'Elsewhere Ezra', 4)], count: 2 } }],
      ['/venues/domain/10', { result: { rows: [{ id_venue: 3, venue_name: 'Harbour Court' }], count: 1 } }],
      ['/user/7', { result: { id_user: 7 } }],
    ];
    spies.push(
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
        const path = new URL(String(input), 'http://portal.test').pathname;
        return json(answers.find(([end]) => path.endsWith(end))?.[1] ?? { result: null });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <MemoryRouter initialEntries={['/games/5']}>
            <Routes>
              <Route path="/games/:id" element={<GamePage />} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    const comeAs = await screen.findByRole('combobox', { name: 'Come as' });
    expect(await within(comeAs).findByRole('option', { name: 'Nadia of the Harbour' })).toBeInTheDocument();
    expect(
      within(comeAs)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Nadia of the Harbour', 'Helper (staff or NPC)']);
  });
});
