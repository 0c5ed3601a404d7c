// Issue 26 (GDPR Art. 17): an erased member's private calendar address stops answering, even if the member is
// reactivated later, and their places at games not yet held go to the first waiting, as a withdrawal would; a
// deactivated member's places go the same way.
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/test-app';
import { character, get, id, post, schedule, t, useAttendanceTestApp } from '../games/attendance-test-app';

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
});
