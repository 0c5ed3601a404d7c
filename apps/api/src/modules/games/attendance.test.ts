// Issue 28: check-in at the door (exactly once per key) and the calendar feed. Closing (posted once) and
// corrections: attendance-closing.test.ts.
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/index';
import { buildMember } from '../../test/factories';
import { character, get, id, person, post, schedule, t, useAttendanceTestApp } from './attendance-test-app';

useAttendanceTestApp();

describe('check-in', () => {
  it('lists who signed up and finds walk-ins by name or membership number, for the storyteller only', async () => {
    const g = await schedule();
    await post(`/api/games/${g}/signup`, 'ada', { role: 'player', id_character: character.ada });
    expect((await get(`/api/games/${g}/attendees`, 'ada')).statusCode).toBe(403);
    const list = (await get(`/api/games/${g}/attendees`, 'storyteller')).json().result;
    expect(list.map((a: { id_user: number }) => a.id_user)).toEqual([id.ada]);
    expect(list[0]).toMatchObject({ signup_status: 'going', character_name: expect.any(String), id_checkin: null });
    const byNumber = (await get(`/api/games/${g}/attendees?q=gh-bo-1`, 'storyteller')).json().result;
    expect(byNumber.map((a: { id_user: number }) => a.id_user)).toEqual([id.bo]);
    expect(byNumber[0].characters).toEqual([{ id_character: character.bo, character_name: expect.any(String) }]);
    const byName = (await get(`/api/games/${g}/attendees?q=cy%20door`, 'storyteller')).json().result;
    expect(byName.map((a: { id_user: number }) => a.id_user)).toEqual([id.cy]);
  });

  it('shows a member who withdrew and came anyway as a walk-in, with no role: they may play a character', async () => {
    const g = await schedule();
    await post(`/api/games/${g}/signup`, 'helper', { role: 'helper' });
    expect((await post(`/api/games/${g}/withdraw`, 'helper')).statusCode).toBe(200);
    expect((await get(`/api/games/${g}/attendees`, 'storyteller')).json().result).toEqual([]);
    const found = (await get(`/api/games/${g}/attendees?q=gh-helper-1`, 'storyteller')).json().result;
    expect(found).toMatchObject([
      { id_user: id.helper, signup_status: null, role: null, id_character: null, characters: [{ id_character: character.helper }] },
    ]);
  });

  it('finds a walk-in by every word typed, past the first 20 of the first word, never a disabled member', async () => {
    const g = await schedule();
    const db = t.database.db;
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXY'.split('');
    for (const l of letters) await buildMember(db, { user_fname: `${l}lma`, user_lname: 'Qxintrell', user_nick: `Nick${l}` });
    await buildMember(db, { user_fname: 'Yann', user_lname: 'Qxintrell', is_disabled: true });
    await buildMember(db, { user_fname: 'Zoé', user_mname: 'Qxintrella', user_lname: 'Öberg' });
    const search = async (q: string) =>
      ((await get(`/api/games/${g}/attendees?q=${encodeURIComponent(q)}`, 'storyteller')).json().result as { member_name: string }[]).map(
        (a) => a.member_name,
      );
    const many = await search('qxint');
    expect(many).toHaveLength(20);
    // Each row one that matches (the disabled Yann never does), sorted by folded last then first name.
    for (const name of many) expect(name).toMatch(/Qxintrell|Öberg/);
    expect(many).not.toContain('Yann Qxintrell');
    expect(await search('qxintrell yl')).toEqual(['Ylma Qxintrell']);
    expect(await search('QXINTRELL nickx')).toEqual(['Xlma Qxintrell']);
    expect(await search('oberg zo qxintrella')).toEqual(['Zoé Öberg']);
    expect(await search('qxintrell yann')).toEqual([]);
  });

  it('shows a check-in on the door list at once, though the list is kept between requests', async () => {
    const g = await schedule();
    await post(`/api/games/${g}/signup`, 'cy', { role: 'player', id_character: character.cy });
    const before = (await get(`/api/games/${g}/attendees`, 'storyteller')).json().result;
    expect(before).toMatchObject([{ id_user: id.cy, id_checkin: null }]);
    await post(`/api/games/${g}/checkins`, 'storyteller', {
      key: 'list-cy-001',
      id_user: id.cy,
      role: 'player',
      id_character: character.cy,
    });
    const after = (await get(`/api/games/${g}/attendees`, 'storyteller')).json().result;
    expect(after).toMatchObject([{ id_user: id.cy, id_checkin: expect.any(Number) }]);
  });

  it('counts a check-in sent twice (and twice at once) with its key once', async () => {
    const g = await schedule();
    const checkin = { key: 'phone-1-0001', id_user: id.ada, role: 'player', id_character: character.ada };
    expect((await post(`/api/games/${g}/checkins`, 'outsider', checkin)).statusCode).toBe(403);
    const answers = await Promise.all([1, 2, 3].map(() => post(`/api/games/${g}/checkins`, 'storyteller', checkin)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().result.id_checkin)).size).toBe(1);
    const again = await post(`/api/games/${g}/checkins`, 'storyteller', checkin);
    expect(again.json().result.replayed).toBe(true);
    // Another phone checking the same member in does not add a second check-in.
    const other = await post(`/api/games/${g}/checkins`, 'storyteller', { ...checkin, key: 'phone-2-0001' });
    expect(other.json().result).toEqual({ id_checkin: answers[0]!.json().result.id_checkin, replayed: true });
    expect((await get(`/api/games/${g}`, 'storyteller')).json().result.checked_in).toBe(1);
  });

  it('refuses a key already used for another member or game with a 409 naming key, and checks no one in by it', async () => {
    const [g, other] = [await schedule(), await schedule()];
    const ada = { key: 'reused-0001', id_user: id.ada, role: 'player', id_character: character.ada };
    const bo = { ...ada, id_user: id.bo, id_character: character.bo };
    expect((await post(`/api/games/${g}/checkins`, 'storyteller', ada)).statusCode).toBe(200);
    for (const [game, checkin] of [
      [g, bo],
      [other, ada],
    ] as const) {
      const res = await post(`/api/games/${game}/checkins`, 'storyteller', checkin);
      expect([res.statusCode, res.json().code, res.json().errors?.[0].path]).toEqual([409, 'games.checkin_key_reused', 'key']);
    }
    const checkedIn = async () =>
      Promise.all([g, other].map(async (x) => (await get(`/api/games/${x}`, 'storyteller')).json().result.checked_in));
    expect(await checkedIn()).toEqual([1, 0]);
    // The same key for the same game and member is still a replay; one key sent for two games at once checks in once.
    expect((await post(`/api/games/${g}/checkins`, 'storyteller', ada)).json().result.replayed).toBe(true);
    const atOnce = await Promise.all([g, other].map((x) => post(`/api/games/${x}/checkins`, 'storyteller', { ...bo, key: 'reused-0002' })));
    expect(atOnce.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await checkedIn()).reduce((a, b) => a + b)).toBe(2);
  });

  it('answers bad check-ins with a 400 naming the field', async () => {
    const g = await schedule();
    const cases: [object, string][] = [
      [{ key: 'x', id_user: id.bo, role: 'helper' }, 'key'],
      [{ key: 'phone-3-0001', id_user: id.bo, role: 'player' }, 'id_character'],
      [{ key: 'phone-3-0002', id_user: id.bo, role: 'player', id_character: character.ada }, 'id_character'],
      [{ key: 'phone-3-0003', id_user: 2_000_000_000, role: 'helper' }, 'id_user'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(`/api/games/${g}/checkins`, 'storyteller', payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[0].path).toBe(field);
    }
  });

  it('refuses a deactivated member, as the door list never offers one: no check-in, nothing earned', async () => {
    const g = await schedule();
    const gone = await buildMember(t.database.db, { user_fname: 'Deactivated', is_disabled: true });
    const res = await post(`/api/games/${g}/checkins`, 'storyteller', { key: 'gone-000001', id_user: gone.id_user, role: 'helper' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('id_user');
    const attendees = (await get(`/api/games/${g}/attendees`, 'storyteller')).json().result;
    expect(attendees.map((a: { id_user: number }) => a.id_user)).not.toContain(gone.id_user);
  });
});

describe('calendar feed', () => {
  it('serves a valid iCalendar at a private address, answers 404 once revoked or renewed', async () => {
    const g = await schedule({ game_name: 'Feed Night' });
    await post(`/api/games/${g}/signup`, 'bo', { role: 'player', id_character: character.bo });
    expect((await get('/api/calendar/feed', 'bo')).json().result.url).toBeNull();
    const url = (await post('/api/calendar/feed/renew', 'bo')).json().result.url as string;
    expect(url).toMatch(/^http:\/\/localhost:3999\/api\/calendar\/[\w-]+\.ics$/);
    const path = new URL(url).pathname;
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    const feedNight = events.find((e) => e.summary === 'Feed Night')!;
    expect(feedNight.location).toBe('Pier 9');
    expect(feedNight.startDate.toJSDate().toISOString()).toBe('2027-03-06T23:00:00.000Z');

    const renewed = (await post('/api/calendar/feed/renew', 'bo')).json().result.url as string;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(renewed).pathname })).statusCode).toBe(200);
    expect((await post('/api/calendar/feed/revoke', 'bo')).json().result.url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: new URL(renewed).pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/not-a-feed' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/feed' })).statusCode).toBe(401);
  });

  it('answers 404 once the member is deactivated, as for a revoked address', async () => {
    await person('gone');
    const path = new URL((await post('/api/calendar/feed/renew', 'gone')).json().result.url).pathname;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    await t.database.db.update(users).set({ is_disabled: true }).where(eq(users.id_user, id.gone!));
    const res = await t.app.inject({ method: 'GET', url: path });
    expect([res.statusCode, res.json().code]).toEqual([404, 'games.feed_not_found']);
  });
});
