// Issue 28: closing a game (its XP and prestige posted once) and corrections after it. Check-in at the door and
// the calendar feed: attendance.test.ts.
import { buildMember } from '../../test/factories';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { prestige } from '../../db/index';
import { balance, character, gameEntries, get, id, post, schedule, t, useAttendanceTestApp } from './attendance-test-app';

useAttendanceTestApp();

describe('closing', () => {
  it('posts "Attended …" XP to each checked-in character and prestige to helpers once; closing twice changes nothing', async () => {
    const g = await schedule();
    const before = { ada: await balance(character.ada), bo: await balance(character.bo) };
    await post(`/api/games/${g}/checkins`, 'storyteller', {
      key: 'close-ada-1',
      id_user: id.ada,
      role: 'player',
      id_character: character.ada,
    });
    await post(`/api/games/${g}/checkins`, 'storyteller', {
      key: 'close-bo-01',
      id_user: id.bo,
      role: 'player',
      id_character: character.bo,
    });
    await post(`/api/games/${g}/checkins`, 'storyteller', { key: 'close-help1', id_user: id.helper, role: 'helper' });
    expect((await post(`/api/games/${g}/close`, 'ada')).statusCode).toBe(403);

    const closes = await Promise.all([post(`/api/games/${g}/close`, 'storyteller'), post(`/api/games/${g}/close`, 'storyteller')]);
    expect(closes.map((c) => c.statusCode)).toEqual([200, 200]);
    expect(closes.map((c) => c.json().result.closed).sort()).toEqual([false, true]);
    expect((await post(`/api/games/${g}/close`, 'storyteller')).json().result).toEqual({
      closed: false,
      xp_entries: 0,
      prestige_entries: 0,
    });

    const entries = await gameEntries(g);
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.xp_description)).toEqual(['Attended Night Market on Mar 6, 2027', 'Attended Night Market on Mar 6, 2027']);
    expect(await balance(character.ada)).toBe(before.ada + 2);
    expect(await balance(character.bo)).toBe(before.bo + 2);
    const awards = await t.database.db.select().from(prestige).where(eq(prestige.id_game, g));
    expect(awards).toMatchObject([
      { id_user: id.helper, prestige_general: 5, prestige_description: 'Set-up and tear-down: Night Market on Mar 6, 2027' },
    ]);
    // The player sees the entry in the character's log.
    const log = (await get(`/api/character/${character.ada}/xplogs?count=50`, 'ada')).json().result.rows;
    expect(log.map((e: { xp_description: string }) => e.xp_description)).toContain('Attended Night Market on Mar 6, 2027');
    // A closed game takes no more check-ins or sign-ups.
    expect((await post(`/api/games/${g}/checkins`, 'storyteller', { key: 'late-cy-01', id_user: id.cy, role: 'helper' })).statusCode).toBe(
      403,
    );
  });

  it('awards the storyteller who closes the game no prestige for their own help, closing or correcting (issue 23)', async () => {
    const g = await schedule();
    await post(`/api/games/${g}/checkins`, 'storyteller', { key: 'self-help-1', id_user: id.storyteller, role: 'helper' });
    await post(`/api/games/${g}/checkins`, 'storyteller', { key: 'self-help-2', id_user: id.helper, role: 'helper' });
    const closed = await post(`/api/games/${g}/close`, 'storyteller');
    expect(closed.json().result).toEqual({ closed: true, xp_entries: 0, prestige_entries: 1 });
    const awarded = await t.database.db.select({ id_user: prestige.id_user }).from(prestige).where(eq(prestige.id_game, g));
    expect(awarded).toEqual([{ id_user: id.helper }]);

    const later = await schedule();
    await post(`/api/games/${later}/close`, 'storyteller');
    const added = await post(`/api/games/${later}/corrections`, 'storyteller', { add: [{ id_user: id.storyteller, role: 'helper' }] });
    expect(added.statusCode, added.body).toBe(200);
    expect((await get(`/api/games/${later}`, 'storyteller')).json().result.checked_in).toBe(1);
    expect(await t.database.db.select().from(prestige).where(eq(prestige.id_game, later))).toEqual([]);
  });

  it('shows a helper’s award on their prestige pages, opened before, once the game closes, and its withdrawal once corrected', async () => {
    const g = await schedule();
    const help = await post(`/api/games/${g}/checkins`, 'storyteller', { key: 'seen-help1', id_user: id.helper, role: 'helper' });
    const pages = async () => ({
      total: (await get(`/api/prestiges/user/${id.helper}/aggregates`, 'helper')).json().result.total_general,
      awards: (await get(`/api/prestiges/user/${id.helper}?count=50`, 'helper'))
        .json()
        .result.rows.filter((r: { id_game: number }) => r.id_game === g),
    });
    const before = await pages();
    expect(before.awards).toEqual([]);
    await post(`/api/games/${g}/close`, 'storyteller');
    const closed = await pages();
    expect(closed.total).toBe(before.total + 5);
    expect(closed.awards).toHaveLength(1);
    expect((await post(`/api/games/${g}/corrections`, 'storyteller', { void: [help.json().result.id_checkin] })).statusCode).toBe(200);
    expect(await pages()).toEqual(before);
  });

  it('corrects attendance after closing by voiding and adding entries, never editing them', async () => {
    const g = await schedule();
    const ada = await post(`/api/games/${g}/checkins`, 'storyteller', {
      key: 'fix-ada-01',
      id_user: id.ada,
      role: 'player',
      id_character: character.ada,
    });
    await post(`/api/games/${g}/checkins`, 'storyteller', { key: 'fix-help-1', id_user: id.helper, role: 'helper' });
    expect(
      (await post(`/api/games/${g}/corrections`, 'storyteller', { add: [{ id_user: id.cy, id_character: character.cy }] })).statusCode,
    ).toBe(403);
    await post(`/api/games/${g}/close`, 'storyteller');
    const adaBefore = await balance(character.ada);
    const cyBefore = await balance(character.cy);
    const helperCheckin = (await get(`/api/games/${g}/attendees`, 'storyteller'))
      .json()
      .result.find((a: { id_user: number }) => a.id_user === id.helper).id_checkin;

    expect((await post(`/api/games/${g}/corrections`, 'ada', { void: [ada.json().result.id_checkin] })).statusCode).toBe(403);
    const empty = await post(`/api/games/${g}/corrections`, 'storyteller', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].path).toBe('void');
    const res = await post(`/api/games/${g}/corrections`, 'storyteller', {
      void: [ada.json().result.id_checkin, helperCheckin],
      add: [{ id_user: id.cy, role: 'player', id_character: character.cy }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await gameEntries(g);
    expect(entries.map((e) => [e.id_character, e.is_void])).toEqual([
      [character.ada, true],
      [character.cy, false],
    ]);
    expect(await balance(character.ada)).toBe(adaBefore - 2);
    expect(await balance(character.cy)).toBe(cyBefore + 2);
    expect(
      await t.database.db
        .select()
        .from(prestige)
        .where(and(eq(prestige.id_game, g), eq(prestige.id_user, id.helper!))),
    ).toEqual([]);
    const again = await post(`/api/games/${g}/corrections`, 'storyteller', { void: [ada.json().result.id_checkin] });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].path).toBe('void');
  });
  it('refuses to add a player without a character, with the check-in’s 400 naming add.0.id_character, and writes nothing', async () => {
    const g = await schedule();
    const atTheDoor = await post(`/api/games/${g}/checkins`, 'storyteller', { key: 'no-char-0001', id_user: id.bo, role: 'player' });
    await post(`/api/games/${g}/close`, 'storyteller');
    const res = await post(`/api/games/${g}/corrections`, 'storyteller', { add: [{ id_user: id.bo, role: 'player' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: 'add.0.id_character', message: atTheDoor.json().errors[0].message });
    expect((await get(`/api/games/${g}`, 'storyteller')).json().result.checked_in).toBe(0);
  });
  it('refuses to add a deactivated member afterwards: 400 naming add.0.id_user, no prestige for them', async () => {
    const g = await schedule();
    await post(`/api/games/${g}/close`, 'storyteller');
    const gone = await buildMember(t.database.db, { user_fname: 'Deactivated', is_disabled: true });
    const res = await post(`/api/games/${g}/corrections`, 'storyteller', { add: [{ id_user: gone.id_user, role: 'helper' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('add.0.id_user');
    expect(await t.database.db.select().from(prestige).where(eq(prestige.id_user, gone.id_user))).toEqual([]);
  });
});
