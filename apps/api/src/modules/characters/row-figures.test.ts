// Issue 23: each character row's own figures (XP sum and count, applications) on every row of several pages,
// compared with SQL computed here, so a subquery bound to the wrong row cannot hide behind a first row.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xpLogs } from '../../db/index';
import { buildApproval, buildCharacter, buildMember, buildVenue } from '../../test/factories';
import { rows } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: Record<string, string>;
let player: number;
let playerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.accounts('coordinator'));
  const db = t.database.db;
  player = (await buildMember(db)).id_user;
  playerToken = await t.sessionFor(player);
  const venue = (await buildVenue(db)).id_venue;
  // Thirteen characters, each with its own number of entries (one voided) and applications.
  for (let i = 0; i < 13; i++) {
    const { id_character } = await buildCharacter(db, { id_user: player, id_venue: i % 4 === 3 ? null : venue });
    for (let k = 0; k < i % 5; k++) {
      await db.insert(xpLogs).values({
        id_character,
        xp_type: k === 2 ? 'Spend' : 'Earn',
        xp_description: `Entry ${k}`,
        xp_amount: 3 + k + i,
        xp_balance: 0,
        is_void: k === 3,
      });
    }
    for (let k = 0; k < i % 3; k++) await buildApproval(db, { character_id: id_character });
  }
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, bearerToken: string) => t.app.inject({ method: 'GET', url, headers: bearer(bearerToken) });
const figuresOf = (ids: number[]) =>
  rows<{ id_character: number; xp_log_sum: number; xp_log_count: number; app_count: number }>(
    t.database.db,
    sql`select c.id_character,
          coalesce((select sum(case when x.xp_type = 'Spend' then -x.xp_amount else x.xp_amount end) from xp_logs x
                    where x.id_character = c.id_character and not x.is_void), 0)::int as xp_log_sum,
          (select count(*) from xp_logs x where x.id_character = c.id_character and not x.is_void)::int as xp_log_count,
          (select count(*) from approvals a where a.character_id = c.id_character)::int as app_count
        from characters c where c.id_character in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by c.id_character`,
  );

describe('character rows’ own figures', () => {
  it('gives every row of each page of a player’s list its own XP sum, XP count and applications', async () => {
    for (const page of [1, 2]) {
      const res = await get(`/api/characters/user/${player}?count=10&page=${page}`, playerToken);
      expect(res.statusCode).toBe(200);
      const list = res.json().result.rows as { id_character: number; xp_log_sum: number; xp_log_count: number; app_count: number }[];
      expect(list.length).toBe(page === 1 ? 10 : 3);
      const shown = list.map(({ id_character, xp_log_sum, xp_log_count, app_count }) => ({
        id_character,
        xp_log_sum,
        xp_log_count,
        app_count,
      }));
      expect(shown).toEqual(await figuresOf(list.map((r) => r.id_character)));
      expect(new Set(shown.map((r) => r.xp_log_sum)).size).toBeGreaterThan(1);
    }
  });

  it('gives every row of several search pages its own number of applications', async () => {
    for (const query of ['sortBy=app_count&direction=desc&page=1', 'sortBy=app_count&direction=desc&page=3', 'page=2']) {
      const res = await get(`/api/characters?count=10&${query}`, token.coordinator!);
      expect(res.statusCode).toBe(200);
      const list = res.json().result.rows as { id_character: number; app_count: number }[];
      expect(list).toHaveLength(10);
      const expected = await figuresOf(list.map((r) => r.id_character));
      const byId = new Map(expected.map((r) => [r.id_character, r.app_count]));
      expect(list.map((r) => [r.id_character, r.app_count])).toEqual(list.map((r) => [r.id_character, byId.get(r.id_character)]));
    }
  });
  it('gives every row of several search pages its own type, subtype, venue and player', async () => {
    type Names = { id_character: number; type_name: string; subtype_name: string; venue_name: string | null; user_camnum: string };
    const queries = ['page=2', 'sortBy=type_name&direction=asc&page=2', 'sortBy=subtype_name&direction=desc', 'sortBy=player_name&page=3'];
    for (const query of queries) {
      const res = await get(`/api/characters?count=10&${query}`, token.coordinator!);
      expect(res.statusCode).toBe(200);
      const list = (res.json().result.rows as Names[]).map(({ id_character, type_name, subtype_name, venue_name, user_camnum }) => ({
        id_character,
        type_name,
        subtype_name,
        venue_name,
        user_camnum,
      }));
      expect(list).toHaveLength(10);
      const expected = await rows<Names>(
        t.database.db,
        sql`select c.id_character, ct.type_name, cs.subtype_name, v.venue_name, u.user_camnum
            from characters c join character_types ct on ct.id_type = c.id_type
            join character_subtypes cs on cs.id_subtype = c.id_subtype join users u on u.id_user = c.id_user
            left join venues v on v.id_venue = c.id_venue
            where c.id_character in (${sql.join(
              list.map((r) => sql`${r.id_character}`),
              sql`, `,
            )})`,
      );
      const byId = new Map(expected.map((r) => [r.id_character, r]));
      expect(list).toEqual(list.map((r) => byId.get(r.id_character)));
    }
  });
});
