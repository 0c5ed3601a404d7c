// Issue 26 (GDPR Art. 17): an erased member's private calendar address stops answering, even if the member is
// reactivated later, and their places at games not yet held go to the first waiting, as a withdrawal would; a
// deactivated member's places go the same way.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { characters, gameSignups, games } from '../../db/index';
import { buildCharacter } from '../../test/factories';
import { bearer } from '../../test/test-app';
import { character, get, id, person, post, schedule, t, useAttendanceTestApp } from '../games/attendance-test-app';

useAttendanceTestApp();

describe('erasing a member with a calendar feed and a place at a coming game', () => {
  it('closes the calendar address for good and gives the place to the first waiting', async () => {
    const admin = (await t.accounts('admin')).token.admin;
    const as = (url: string) => t.app.inject({ method: 'POST', url, headers: bearer(admin) });
    const g = await schedule({ capacity: 1 });
    await post(`/api/games/${g}/signup`, 'bo', { role: 'player', id_character: character.bo });
    await post(`/api/games/${g}/signup`, 'cy', { role: 'player', id_character: character.cy });
    const url = (await post('/api/calendar/feed/renew', 'bo')).json().result.url as string;
    const ics = url.replace(/^https?:\/\/[^/]+/, '');
    expect((await t.app.inject({ method: 'GET', url: ics })).statusCode).toBe(200);

    const erased = await as(`/api/users/${id.bo}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);
    const reactivated = await as(`/api/users/${id.bo}/reactivate`);
    expect(reactivated.statusCode, reactivated.body).toBe(200);

    expect((await t.app.inject({ method: 'GET', url: ics })).statusCode).toBe(404);
    const list = (await get(`/api/games/${g}/attendees`, 'storyteller')).json().result;
    expect(list.map((a: { id_user: number; signup_status: string }) => [a.id_user, a.signup_status])).toEqual([[id.cy, 'going']]);
  });

  it('gives a deactivated member’s places at coming games to the first waiting, and reactivating does not take them back', async () => {
    const admin = (await t.accounts('admin')).token.admin;
    const as = (url: string) => t.app.inject({ method: 'POST', url, headers: bearer(admin) });
    const g = await schedule({ capacity: 1 });
    await post(`/api/games/${g}/signup`, 'ada', { role: 'player', id_character: character.ada });
    await post(`/api/games/${g}/signup`, 'cy', { role: 'player', id_character: character.cy });
    const signups = async () =>
      (await get(`/api/games/${g}/attendees`, 'storyteller'))
        .json()
        .result.map((a: { id_user: number; signup_status: string }) => [a.id_user, a.signup_status]);
    expect(await signups()).toEqual(
      expect.arrayContaining([
        [id.ada, 'going'],
        [id.cy, 'waiting'],
      ]),
    );

    const deactivated = await as(`/api/users/${id.ada}/deactivate`);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(await signups()).toEqual([[id.cy, 'going']]);
    expect((await get(`/api/games/${g}`, 'storyteller')).json().result).toMatchObject({ going: 1, waiting: 0 });
    expect((await as(`/api/users/${id.ada}/reactivate`)).statusCode).toBe(200);
    expect(await signups()).toEqual([[id.cy, 'going']]);
  });

  it('passes over a deactivated member waiting at a game already under way when a place frees', async () => {
    const admin = (await t.accounts('admin')).token.admin;
    const as = (url: string) => t.app.inject({ method: 'POST', url, headers: bearer(admin) });
    // A member of their own: the others' sessions ended with their deactivation above.
    await person('dee');
    const [ada] = await t.database.db
      .select({ id_venue: characters.id_venue })
      .from(characters)
      .where(eq(characters.id_character, character.ada!));
    character.dee = (
      await buildCharacter(t.database.db, { id_user: id.dee, id_venue: ada!.id_venue, st_signed: 'yes', being_reviewed: 'yes' })
    ).id_character;
    const g = await schedule({ capacity: 1 });
    await post(`/api/games/${g}/signup`, 'helper', { role: 'player', id_character: character.helper });
    await post(`/api/games/${g}/signup`, 'dee', { role: 'player', id_character: character.dee });
    await post(`/api/games/${g}/signup`, 'cy', { role: 'player', id_character: character.cy });
    // The game began an hour ago: deactivation leaves its sign-ups as they are (only coming games' are given up).
    await t.database.db.update(games).set({ starts_at: sql`now() - interval '1 hour'` }).where(eq(games.id_game, g));
    expect((await as(`/api/users/${id.dee}/deactivate`)).statusCode).toBe(200);

    expect((await post(`/api/games/${g}/withdraw`, 'helper')).statusCode).toBe(200);
    // The attendees list leaves deactivated members out: the sign-ups as stored.
    const signups = await t.database.db
      .select({ id_user: gameSignups.id_user, status: gameSignups.status })
      .from(gameSignups)
      .where(eq(gameSignups.id_game, g));
    expect(Object.fromEntries(signups.map((s) => [s.id_user, s.status]))).toEqual({
      [id.helper!]: 'cancelled',
      [id.dee!]: 'waiting',
      [id.cy!]: 'going',
    });
    expect((await as(`/api/users/${id.dee}/reactivate`)).statusCode).toBe(200);
  });
});
