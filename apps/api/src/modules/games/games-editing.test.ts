// Issue 28: editing and cancelling games, and who hears of it; listing them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games } from '../../db/index';
import { character, get, post, schedule, t, useGamesTestApp, venue } from './games-test-app';

useGamesTestApp();

describe('editing and cancelling', () => {
  it('edits one occurrence or the rest of its series, and tells who signed up that the game moved', async () => {
    const ids = await schedule({ recurrence: 'every_other_week', occurrences: 3, capacity: null });
    await post(`/api/games/${ids[1]}/signup`, 'p3', { role: 'player', id_character: character.p3 });
    expect((await post(`/api/games/${ids[1]}/update`, 'p3', { start_time: '18:00' })).statusCode).toBe(403);
    expect((await post(`/api/games/${ids[0]}/update`, 'storyteller', { place: 'Lighthouse' })).statusCode).toBe(200);
    expect((await post(`/api/games/${ids[1]}/update`, 'storyteller', { scope: 'series', start_time: '18:00' })).statusCode).toBe(200);
    const shown = await Promise.all(ids.map(async (g) => (await get(`/api/games/${g}`, 'p3')).json().result));
    expect(shown.map((g) => g.place)).toEqual(['Lighthouse', 'Old Harbour Hall', 'Old Harbour Hall']);
    expect(shown.map((g) => g.starts_at)).toEqual(['2027-10-20T17:00:00.000Z', '2027-11-03T17:00:00.000Z', '2027-11-17T17:00:00.000Z']);
    const notices = (await get('/api/notifications?count=50', 'p3')).json().result.rows;
    expect(notices.some((n: { message: string }) => n.message.startsWith('Harbour Nights: 2 games of the series moved'))).toBe(true);
    const bad = await post(`/api/games/${ids[1]}/update`, 'storyteller', { scope: 'series', date: '2027-12-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('date');
  });

  it('tells who signed up of a new place, and of a new end time as an end (not a move)', async () => {
    const [g] = await schedule({ game_name: 'Quay Night' });
    await post(`/api/games/${g}/signup`, 'p5', { role: 'player', id_character: character.p5 });
    const notices = async () =>
      ((await get('/api/notifications?count=50', 'p5')).json().result.rows as { message: string; link: string }[])
        .filter((n) => n.link === `/games/${g}`)
        .map((n) => n.message);
    expect((await post(`/api/games/${g}/update`, 'storyteller', { place: 'Lighthouse' })).statusCode).toBe(200);
    expect(await notices()).toEqual(['Quay Night on Oct 20, 2027 is now at Lighthouse.']);
    expect((await post(`/api/games/${g}/update`, 'storyteller', { end_time: '23:30' })).statusCode).toBe(200);
    expect(await notices()).toContain('Quay Night on Oct 20, 2027 now ends at 23:30.');
    expect(await notices()).toHaveLength(2);
  });

  it('does not tell the storyteller who moved or cancelled a game they signed up for', async () => {
    const [g] = await schedule();
    for (const who of ['storyteller', 'p6']) await post(`/api/games/${g}/signup`, who, { role: 'helper' });
    const told = async (who: string) =>
      ((await get('/api/notifications?count=50', who)).json().result.rows as { link: string }[]).filter((n) => n.link === `/games/${g}`)
        .length;
    expect((await post(`/api/games/${g}/update`, 'storyteller', { start_time: '20:00' })).statusCode).toBe(200);
    expect((await post(`/api/games/${g}/cancel`, 'storyteller')).statusCode).toBe(200);
    expect([await told('storyteller'), await told('p6')]).toEqual([0, 2]);
  });

  it('lets those waiting in, in their order and told, when the capacity is raised; a newcomer then waits behind them', async () => {
    const [g] = await schedule();
    const signUp = async (p: string) =>
      (await post(`/api/games/${g}/signup`, p, { role: 'player', id_character: character[p] })).json().result.status;
    const status = async (p: string) => (await get(`/api/games/${g}`, p)).json().result.my_signup.status;
    expect([await signUp('p1'), await signUp('p2'), await signUp('p3')]).toEqual(['going', 'going', 'waiting']);
    expect((await post(`/api/games/${g}/update`, 'storyteller', { capacity: 3 })).statusCode).toBe(200);
    expect(await status('p3')).toBe('going');
    const notices = (await get('/api/notifications?count=50', 'p3')).json().result.rows;
    expect(notices.some((n: { message: string; link: string }) => n.link === `/games/${g}` && n.message.startsWith('A place opened'))).toBe(
      true,
    );
    expect([await signUp('p4'), await signUp('p5')]).toEqual(['waiting', 'waiting']);
    await post(`/api/games/${g}/update`, 'storyteller', { capacity: 4 });
    expect([await status('p4'), await status('p5')]).toEqual(['going', 'waiting']);
    const detail = (await get(`/api/games/${g}`, 'storyteller')).json().result;
    const [row] = await t.database.db.select({ players_going: games.players_going }).from(games).where(eq(games.id_game, g!));
    expect([detail.going, detail.waiting, row!.players_going]).toEqual([4, 1, 4]);
  });

  it('removes the limit when the capacity is set to null, and lets everyone waiting in, each told', async () => {
    const [g] = await schedule({ capacity: 1 });
    for (const p of ['p1', 'p2', 'p3']) await post(`/api/games/${g}/signup`, p, { role: 'player', id_character: character[p] });
    expect((await post(`/api/games/${g}/update`, 'storyteller', { capacity: null })).statusCode).toBe(200);
    expect((await get(`/api/games/${g}`, 'storyteller')).json().result).toMatchObject({ capacity: null, going: 3, waiting: 0 });
    for (const p of ['p2', 'p3']) {
      const notices = (await get('/api/notifications?count=50', p)).json().result.rows;
      expect(
        notices.some((n: { message: string; link: string }) => n.link === `/games/${g}` && n.message.startsWith('A place opened')),
      ).toBe(true);
    }
    expect((await post(`/api/games/${g}/update`, 'storyteller', { xp_award: 5 })).statusCode).toBe(200);
    expect((await get(`/api/games/${g}`, 'storyteller')).json().result.capacity).toBeNull();
  });

  it('cancels one game, tells those signed up, and closes its sign-up', async () => {
    const [g] = await schedule();
    await post(`/api/games/${g}/signup`, 'p4', { role: 'player', id_character: character.p4 });
    expect((await post(`/api/games/${g}/cancel`, 'p4')).statusCode).toBe(403);
    expect((await post(`/api/games/${g}/cancel`, 'storyteller')).statusCode).toBe(200);
    const notices = (await get('/api/notifications?count=50', 'p4')).json().result.rows;
    expect(notices.some((n: { message: string }) => n.message.endsWith('is cancelled.'))).toBe(true);
    expect((await post(`/api/games/${g}/signup`, 'p5', { role: 'player', id_character: character.p5 })).statusCode).toBe(403);
    const [row] = await t.database.db.select({ status: games.status }).from(games).where(eq(games.id_game, g!));
    expect(row!.status).toBe('cancelled');
  });

  it("lists a venue's upcoming games and the member's own", async () => {
    const [g] = await schedule({ game_name: 'Listed game' });
    await post(`/api/games/${g}/signup`, 'p6', { role: 'player', id_character: character.p6 });
    const venueGames = (await get(`/api/games?venue=${venue.id_venue}&count=100`, 'outsider')).json().result;
    expect(venueGames.rows.some((r: { id_game: number }) => r.id_game === g)).toBe(true);
    const mine = (await get('/api/games?mine=yes', 'p6')).json().result.rows;
    expect(mine.map((r: { id_game: number }) => r.id_game)).toContain(g);
    expect(mine.find((r: { id_game: number }) => r.id_game === g).my_signup.character_name).toBeTruthy();
    expect((await get('/api/games?venue=abc', 'p6')).statusCode).toBe(400);
  });
});
