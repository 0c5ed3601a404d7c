// What the attendance test files start from: a storyteller with a venue, an outsider, and four members with a
// signed character each on it; requests as one of them, a game scheduled on the venue, a character's balance and a
// game's XP entries. The app is a live binding, set before the file's tests run.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { characters, xpLogs } from '../../db/index';
import { buildCharacter } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testMembers } from './test-members';

export let t: TestApp;
const members = testMembers(() => t);
export const { id, post, get } = members;
export const character: Record<string, number> = {};
let venue: { id_venue: number; id_location: number };

export const person = (name: string) => members.add(name, { user_lname: 'Doorman', user_camnum: `GH-${name.toUpperCase()}-1` });

/** Opens the app before the file's tests and closes it after them. */
export function useAttendanceTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    venue = await members.storytellerVenue({ user_lname: 'Doorman', user_camnum: 'GH-STORYTELLER-1' });
    await person('outsider');
    for (const name of ['ada', 'bo', 'cy', 'helper']) {
      await person(name);
      character[name] = (
        await buildCharacter(db, { id_user: id[name], id_venue: venue.id_venue, st_signed: 'yes', being_reviewed: 'yes' })
      ).id_character;
    }
  });
  afterAll(async () => {
    await t?.close();
  });
}

export async function schedule(over: object = {}) {
  const res = await post('/api/games/add', 'storyteller', {
    id_venue: venue.id_venue,
    game_name: 'Night Market',
    date: '2027-03-06',
    start_time: '18:00',
    end_time: '22:00',
    time_zone: 'America/New_York',
    place: 'Pier 9',
    xp_award: 2,
    prestige_points: 5,
    prestige_reason: 'Set-up and tear-down',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.ids[0] as number;
}
export const balance = async (id_character: number | undefined) =>
  (await t.database.db.select({ b: characters.xp_balance }).from(characters).where(eq(characters.id_character, id_character!)))[0]!.b;
export const gameEntries = (id_game: number) => t.database.db.select().from(xpLogs).where(eq(xpLogs.id_game, id_game));
