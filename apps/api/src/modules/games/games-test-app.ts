// What the games test files start from: a storyteller with a venue, a domain officer (DST), an outsider, and six
// members of the domain with an accepted character each (p1 has a second, not accepted); requests as one of them and
// games scheduled on the venue. The app is a live binding, set before the file's tests run.
import { afterAll, beforeAll, expect } from 'vitest';
import { buildCharacter, buildPosition } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testMembers } from './test-members';

export let t: TestApp;
const members = testMembers(() => t);
export const { id, post, get } = members;
export let venue: { id_venue: number; id_location: number };
export const character: Record<string, number> = {};

const person = (name: string, id_location?: number) => members.add(name, { user_lname: 'Tester', id_location });

/** Opens the app before the file's tests and closes it after them. */
export function useGamesTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    venue = await members.storytellerVenue({ user_lname: 'Tester' });
    await person('officer', venue.id_location);
    await buildPosition(db, { pos_type: 'DST', id_user: id.officer, id_location: venue.id_location });
    await person('outsider');
    for (const name of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']) {
      await person(name, venue.id_location);
      character[name] = (
        await buildCharacter(db, { id_user: id[name], id_venue: venue.id_venue, st_signed: 'yes', being_reviewed: 'yes' })
      ).id_character;
    }
    // p1's second character is not accepted on the sheet.
    character.unsigned = (await buildCharacter(db, { id_user: id.p1, id_venue: venue.id_venue })).id_character;
  });
  afterAll(async () => {
    await t?.close();
  });
}

export const game = (over: object = {}) => ({
  id_venue: venue.id_venue,
  game_name: 'Harbour Nights',
  date: '2027-10-20',
  start_time: '19:00',
  end_time: '23:00',
  time_zone: 'Europe/Berlin',
  place: 'Old Harbour Hall',
  capacity: 2,
  description: '<b>Bring a coat</b>',
  xp_award: 3,
  ...over,
});
export const schedule = async (over: object = {}, who = 'storyteller') => {
  const res = await post('/api/games/add', who, game(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.ids as number[];
};
