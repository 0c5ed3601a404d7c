// Issue 28: scheduling, sign-up and the waiting list — each with who may and who may not. Editing and cancelling:
// games-editing.test.ts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games } from '../../db/index';
import { buildCharacter } from '../../test/factories';
import { character, game, get, id, post, schedule, t, useGamesTestApp, venue } from './games-test-app';
import { signUp } from './signups.service';

useGamesTestApp();

describe('POST /api/games/add', () => {
  it("lets the venue's storyteller and the domain's storyteller schedule, and no one else", async () => {
    expect((await post('/api/games/add', 'storyteller', game())).statusCode).toBe(200);
    expect((await post('/api/games/add', 'officer', game())).statusCode).toBe(200);
    for (const who of ['outsider', 'p1']) {
      const res = await post('/api/games/add', who, game());
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('games.forbidden');
    }
  });

  it("schedules a domain-wide event for the domain's officers only", async () => {
    const domainEvent = game({ id_venue: undefined, id_location: venue.id_location });
    expect((await post('/api/games/add', 'officer', domainEvent)).statusCode).toBe(200);
    expect((await post('/api/games/add', 'storyteller', domainEvent)).statusCode).toBe(403);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ start_time: '25:00' }, 'start_time'],
      [{ date: '2027-02-30' }, 'date'],
      [{ capacity: 0 }, 'capacity'],
      [{ id_location: venue.id_location }, 'id_venue'],
      [{ recurrence: 'weekly' }, 'occurrences'],
      [{ id_venue: 2_000_000_000 }, 'id_venue'],
    ];
    for (const [over, field] of cases) {
      const res = await post('/api/games/add', 'storyteller', game(over));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
  });

  it('keeps a weekly series at 19:00 local time across the end of daylight-saving time', async () => {
    const ids = await schedule({ recurrence: 'weekly', occurrences: 3 });
    expect(ids).toHaveLength(3);
    const starts = await Promise.all(ids.map(async (g) => (await get(`/api/games/${g}`, 'p1')).json().result.starts_at));
    // Berlin is UTC+2 until 31 October 2027, UTC+1 after: the same 19:00 is 17:00 and then 18:00 UTC.
    expect(starts).toEqual(['2027-10-20T17:00:00.000Z', '2027-10-27T17:00:00.000Z', '2027-11-03T18:00:00.000Z']);
  });

  it('takes the XP from the venue’s last game when none is given, and keeps the description as plain text', async () => {
    const [first] = await schedule({ xp_award: 4 });
    const [second] = await schedule({ xp_award: undefined });
    expect((await get(`/api/games/${second}`, 'p1')).json().result.xp_award).toBe(4);
    expect((await get(`/api/games/${first}`, 'p1')).json().result.description).toBe('<b>Bring a coat</b>');
  });
});

describe('sign-up', () => {
  it('never goes over capacity under sign-ups at once; the rest wait in order and the first is promoted', async () => {
    const [g] = await schedule();
    const players = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
    const answers = await Promise.all(
      players.map((p) => post(`/api/games/${g}/signup`, p, { role: 'player', id_character: character[p] })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(players.map(() => 200));
    const statuses = answers.map((a) => a.json().result.status);
    expect(statuses.filter((s) => s === 'going')).toHaveLength(2);
    const detail = (await get(`/api/games/${g}`, 'storyteller')).json().result;
    expect([detail.going, detail.waiting]).toEqual([2, 4]);

    const goers = players.filter((_, i) => statuses[i] === 'going');
    const waiters = await Promise.all(
      players
        .filter((_, i) => statuses[i] === 'waiting')
        .map(async (p) => ({ p, place: (await get(`/api/games/${g}`, p)).json().result.my_signup.waiting_place })),
    );
    const next = waiters.find((w) => w.place === 1)!.p;
    expect((await post(`/api/games/${g}/withdraw`, goers[0]!)).statusCode).toBe(200);
    expect((await get(`/api/games/${g}`, next)).json().result.my_signup.status).toBe('going');
    const notices = (await get('/api/notifications?count=50', next)).json().result.rows;
    expect(notices.some((n: { message: string }) => n.message.startsWith('A place opened'))).toBe(true);
    const after = (await get(`/api/games/${g}`, 'storyteller')).json().result;
    expect([after.going, after.waiting]).toEqual([2, 3]);
  });

  it('promotes the first waiting when a going player turns helper, and keeps the count of players going under changes at once', async () => {
    const [g] = await schedule();
    const players = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
    const signUp = (p: string, role: 'player' | 'helper') =>
      post(`/api/games/${g}/signup`, p, role === 'player' ? { role, id_character: character[p] } : { role });
    for (const p of players) await signUp(p, 'player');
    expect((await signUp('p1', 'helper')).json().result.status).toBe('going');
    expect((await get(`/api/games/${g}`, 'p3')).json().result.my_signup.status).toBe('going');
    const notices = (await get('/api/notifications?count=50', 'p3')).json().result.rows;
    expect(notices.some((n: { message: string }) => n.message.startsWith('A place opened'))).toBe(true);
    expect((await get(`/api/games/${g}`, 'p4')).json().result.my_signup.waiting_place).toBe(1);
    // Switches and sign-ups at once: the count kept on the game's row stays that of its sign-ups' rows.
    const answers = await Promise.all([
      signUp('p1', 'player'),
      signUp('p2', 'helper'),
      signUp('p3', 'helper'),
      signUp('p4', 'helper'),
      signUp('p5', 'player'),
      signUp('p6', 'helper'),
      signUp('p2', 'player'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const detail = (await get(`/api/games/${g}`, 'storyteller')).json().result;
    const [row] = await t.database.db.select({ players_going: games.players_going }).from(games).where(eq(games.id_game, g!));
    expect(row!.players_going).toBe(detail.going);
    expect(detail.going).toBeLessThanOrEqual(2);
    if (detail.waiting > 0) expect(detail.going).toBe(2);
  });

  it('answers each of sign-ups at once for itself: a refused one among them writes nothing, the others are written', async () => {
    const [g] = await schedule({ capacity: 3 });
    const asked = [
      post(`/api/games/${g}/signup`, 'p1', { role: 'player', id_character: character.p1 }),
      post(`/api/games/${g}/signup`, 'p2', { role: 'player', id_character: character.p3 }),
      post(`/api/games/${g}/signup`, 'p3', { role: 'player', id_character: character.p3 }),
      post(`/api/games/${g}/signup`, 'outsider', { role: 'helper' }),
      post(`/api/games/${g}/signup`, 'p4', { role: 'player', id_character: character.p4 }),
    ];
    const answers = await Promise.all(asked);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 400, 200, 200, 200]);
    expect(answers[1]!.json().errors[0].path).toBe('id_character');
    expect(answers.filter((a) => a.statusCode === 200).map((a) => a.json().result.status)).toEqual(['going', 'going', 'going', 'going']);
    const detail = (await get(`/api/games/${g}`, 'storyteller')).json().result;
    expect([detail.going, detail.waiting]).toEqual([3, 0]);
    expect((await get(`/api/games/${g}`, 'p2')).json().result.my_signup).toBeNull();
  });

  it("keeps a member's own sign-ups at once in their order, when the first frees a place", async () => {
    const [g] = await schedule();
    const db = t.database.db;
    const asPlayer = (p: string) => signUp(db, id[p]!, g!, { role: 'player', id_character: character[p] });
    expect(await asPlayer('p1')).toBe('going');
    // Called together, in this order: p2's sign-up is written first, alone; p1's two wait for the next turn together.
    const answers = await Promise.all([asPlayer('p2'), signUp(db, id.p1!, g!, { role: 'helper' }), asPlayer('p1')]);
    expect(answers).toEqual(['going', 'going', 'going']);
    const mine = (await get(`/api/games/${g}`, 'p1')).json().result.my_signup;
    expect([mine.role, mine.status]).toEqual(['player', 'going']);
  });

  it("refuses a character that is not the member's accepted one, with a 400 naming id_character", async () => {
    const [g] = await schedule();
    // Signed once, then back under review (SPEC §4: Pending, as the game page shows it): not accepted.
    const underReview = await buildCharacter(t.database.db, {
      id_user: id.p1,
      id_venue: venue.id_venue,
      st_signed: 'yes',
      being_reviewed: 'no',
    });
    for (const id_character of [character.unsigned, character.p2, underReview.id_character]) {
      const res = await post(`/api/games/${g}/signup`, 'p1', { role: 'player', id_character });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('id_character');
    }
    const missing = await post(`/api/games/${g}/signup`, 'p1', { role: 'player' });
    expect(missing.json().errors[0].path).toBe('id_character');
    expect((await post(`/api/games/${g}/signup`, 'outsider', { role: 'helper' })).statusCode).toBe(200);
  });

  it("keeps no character on a helper's sign-up, so another member's character cannot be named to learn its name", async () => {
    const [g] = await schedule();
    const res = await post(`/api/games/${g}/signup`, 'outsider', { role: 'helper', id_character: character.p2 });
    expect(res.statusCode).toBe(200);
    const mine = (await get(`/api/games/${g}`, 'outsider')).json().result.my_signup;
    expect([mine.role, mine.id_character, mine.character_name]).toEqual(['helper', null, null]);
    const door = (await get(`/api/games/${g}/attendees`, 'storyteller')).json().result;
    expect(door.find((a: { id_user: number }) => a.id_user === id.outsider)).toMatchObject({
      role: 'helper',
      id_character: null,
      character_name: null,
    });
  });
});
