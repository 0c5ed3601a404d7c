// Issue 28: each row of the games list carries its own figures (players going and waiting, check-ins, the caller's
// place on the waiting list), compared here for every row with SQL written apart from the list's.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../test/sql';
import { character, get, id, post, schedule, t, useGamesTestApp, venue } from './games-test-app';

useGamesTestApp();

type ListedGame = {
  id_game: number;
  going: number;
  waiting: number;
  checked_in: number;
  my_signup: { waiting_place: number | null } | null;
};

const play = (g: number, who: string) => post(`/api/games/${g}/signup`, who, { role: 'player', id_character: character[who] });
const checkIn = (g: number, who: string, role: 'player' | 'helper') =>
  post(`/api/games/${g}/checkins`, 'storyteller', {
    key: `figures-${g}-${who}`,
    id_user: id[who],
    role,
    ...(role === 'player' ? { id_character: character[who] } : {}),
  });

describe('GET /api/games, the figures of each row', () => {
  it('agree with the sign-ups and check-ins of that game, for every game listed', async () => {
    const [full] = await schedule({ capacity: 2, date: '2027-11-02' });
    for (const who of ['p1', 'p2', 'p3', 'p4']) expect((await play(full!, who)).statusCode).toBe(200);
    expect((await checkIn(full!, 'p1', 'player')).statusCode).toBe(200);
    const [roomy] = await schedule({ capacity: 5, date: '2027-11-03' });
    for (const who of ['p1', 'p3']) expect((await play(roomy!, who)).statusCode).toBe(200);
    expect((await post(`/api/games/${roomy}/signup`, 'p2', { role: 'helper' })).statusCode).toBe(200);
    for (const [who, role] of [
      ['p3', 'player'],
      ['p2', 'helper'],
    ] as const)
      expect((await checkIn(roomy!, who, role)).statusCode).toBe(200);
    const [single] = await schedule({ capacity: 1, date: '2027-11-04' });
    for (const who of ['p4', 'p5', 'p3']) expect((await play(single!, who)).statusCode).toBe(200);
    const [empty] = await schedule({ capacity: 3, date: '2027-11-05' });

    const listed = (await get(`/api/games?venue=${venue.id_venue}&count=100`, 'p3')).json().result.rows as ListedGame[];
    const expected = await rows<{ id_game: number; going: number; waiting: number; checked_in: number; place: number | null }>(
      t.database.db,
      sql`select g.id_game,
            (select count(*)::int from game_signups s where s.id_game = g.id_game and s.role = 'player' and s.status = 'going') as going,
            (select count(*)::int from game_signups s where s.id_game = g.id_game and s.role = 'player' and s.status = 'waiting') as waiting,
            (select count(*)::int from game_checkins c where c.id_game = g.id_game and c.voided_at is null) as checked_in,
            (select 1 + count(*)::int from game_signups w, game_signups me
              where me.id_game = g.id_game and me.id_user = ${id.p3} and me.status = 'waiting'
                and w.id_game = g.id_game and w.status = 'waiting' and w.role = 'player' and w.position < me.position) as place
          from games g where g.id_game in (${full}, ${roomy}, ${single}, ${empty}) order by g.id_game`,
    );
    const mine = await rows<{ id_game: number; waiting: boolean }>(
      t.database.db,
      sql`select id_game, status = 'waiting' as waiting from game_signups where id_user = ${id.p3}`,
    );
    const waitingIn = new Set(mine.filter((m) => m.waiting).map((m) => m.id_game));
    for (const row of expected) {
      const shown = listed.find((g) => g.id_game === row.id_game);
      expect(shown, `game ${row.id_game} listed`).toBeDefined();
      expect([shown!.going, shown!.waiting, shown!.checked_in]).toEqual([row.going, row.waiting, row.checked_in]);
      expect(shown!.my_signup?.waiting_place ?? null).toBe(waitingIn.has(row.id_game) ? row.place : null);
    }
    // The data has what the comparison must tell apart: a full game with some waiting, a helper, an empty game.
    expect(expected.map((r) => [r.going, r.waiting, r.checked_in])).toEqual([
      [2, 2, 1],
      [2, 0, 2],
      [1, 2, 0],
      [0, 0, 0],
    ]);
  });
});
