// Characters: a player's list, the detail with its abilities, add/update, the experience log, the search —
// each with its permission checks, and every figure compared with SQL computed here.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { rememberCountsFrom } from '../../db/list';
import { buildCharacter, buildMember, buildVenue } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let id: Record<string, number>;
let token: Record<string, string>;
/** A venue the demo storyteller runs, and a character of the demo member on it. */
let stVenue: number;
let onStVenue: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ id, token } = await t.accounts('member', 'storyteller', 'coordinator', 'admin'));
  const db = t.database.db;
  stVenue = (await buildVenue(db, { id_user_st: id.storyteller! })).id_venue;
  onStVenue = (await buildCharacter(db, { id_user: id.member!, id_venue: stVenue, character_name: 'Isolde Vane' })).id_character;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(token[who]!) });
const post = (url: string, who: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token[who]!), payload });
const types = async () => {
  const [row] = await rows<{ id_type: number; id_subtype: number; other_subtype: number }>(
    t.database.db,
    sql`select s.id_parent_type as id_type, s.id_subtype, (select o.id_subtype from character_subtypes o where o.id_parent_type <> s.id_parent_type limit 1) as other_subtype
        from character_subtypes s order by s.id_subtype limit 1`,
  );
  return row!;
};
const newCharacter = async (extra: Record<string, unknown> = {}) => {
  const { id_type, id_subtype } = await types();
  return {
    id_venue: stVenue,
    character_name: 'Mira Holloway',
    id_type,
    id_subtype,
    character_virtue: 'Hope',
    character_vice: 'Pride',
    character_concept: 'Lamplighter',
    character_concept_description: 'Keeps the old lights burning.',
    ...extra,
  };
};

describe('GET /api/characters/user/{id}', () => {
  it('pages the member’s own characters by id, with XP sum and count, applications and SPEC’s names', async () => {
    const res = await get(`/api/characters/user/${id.member}`, 'member');
    expect(res.statusCode).toBe(200);
    const { rows: list, count } = res.json().result;
    const expected = await rows<Record<string, number>>(
      t.database.db,
      sql`select c.id_character,
            coalesce((select sum(case when x.xp_type = 'Spend' then -x.xp_amount else x.xp_amount end) from xp_logs x where x.id_character = c.id_character and not x.is_void), 0)::int as xp_log_sum,
            (select count(*) from xp_logs x where x.id_character = c.id_character and not x.is_void)::int as xp_log_count,
            (select count(*) from approvals a where a.character_id = c.id_character)::int as app_count
          from characters c where c.id_user = ${id.member} order by c.id_character limit 10`,
    );
    expect(count).toBe(await scalar(t.database.db, sql`select count(*)::int from characters where id_user = ${id.member}`));
    expect(
      list.map((r: Record<string, number>) => ({
        id_character: r.id_character,
        xp_log_sum: r.xp_log_sum,
        xp_log_count: r.xp_log_count,
        app_count: r.app_count,
      })),
    ).toEqual(expected);
    expect(list[0]).toHaveProperty('type_name');
    expect(list[0]).toHaveProperty('subtype_name');
    expect(list[0]).toHaveProperty('venue_name');
    expect(list[0].vss_status).toMatch(/^(Pending|Accepted|Rejected|Unknown)$/);
  });

  it('sorts by name in both directions, as SQL does', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const res = await get(`/api/characters/user/${id.member}?sortBy=character_name&direction=${direction}&count=100`, 'member');
      const names = await rows<{ character_name: string }>(
        t.database.db,
        sql.raw(
          `select character_name from characters where id_user = ${id.member} order by lower(character_name) ${direction}, id_character ${direction}`,
        ),
      );
      expect(res.json().result.rows.map((r: { character_name: string }) => r.character_name)).toEqual(names.map((n) => n.character_name));
    }
  });

  it('refuses another member’s list (403) and an unknown sort (400); an administrator may read it', async () => {
    expect((await get(`/api/characters/user/${id.member}`, 'storyteller')).statusCode).toBe(403);
    expect((await get(`/api/characters/user/${id.member}?sortBy=password`, 'member')).statusCode).toBe(400);
    expect((await get(`/api/characters/user/${id.member}`, 'admin')).statusCode).toBe(200);
  });
});

describe('GET /api/character/{id}', () => {
  it('gives the player the character with what they may do', async () => {
    const res = await get(`/api/character/${onStVenue}`, 'member');
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      id_character: onStVenue,
      character_name: 'Isolde Vane',
      id_user: id.member,
      vss_status: 'Pending',
    });
    expect(res.json().extra.abilities).toEqual(['edit', 'logXp', 'addApproval']);
  });

  it('lets the venue’s storyteller read it, log and void experience, but not edit it', async () => {
    const res = await get(`/api/character/${onStVenue}`, 'storyteller');
    expect(res.statusCode).toBe(200);
    expect(res.json().extra.abilities).toEqual(['logXp', 'voidXp']);
  });

  it('refuses other members with 403 and none of its data, and answers 404 for an unknown id', async () => {
    const res = await get(`/api/character/${onStVenue}`, 'coordinator');
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Isolde');
    expect((await get('/api/character/99999999', 'member')).statusCode).toBe(404);
  });
});

describe('POST /api/character/add', () => {
  it('adds a character Pending on its style sheet and tells the venue’s storyteller', async () => {
    const res = await post('/api/character/add', 'member', await newCharacter());
    expect(res.statusCode).toBe(200);
    const created = res.json().result.id_character;
    const [row] = await rows(t.database.db, sql`select id_user, being_reviewed, st_signed from characters where id_character = ${created}`);
    expect(row).toEqual({ id_user: id.member, being_reviewed: 'no', st_signed: null });
    expect((await get(`/api/character/${created}`, 'member')).json().result.vss_status).toBe('Pending');
    expect(
      await scalar(
        t.database.db,
        sql`select count(*)::int from notifications where id_user = ${id.storyteller} and message like 'Mira Holloway awaits%'`,
      ),
    ).toBeGreaterThan(0);
  });

  it.each([
    ['character_name', { character_name: '' }, 'name is a required field'],
    ['id_type', { id_type: undefined }, 'type is a required field'],
    ['id_subtype', { id_subtype: '' }, 'subtype is a required field'],
    ['character_virtue', { character_virtue: 'Greed' }, 'virtue is a required field'],
    ['character_vice', { character_vice: undefined }, 'vice is a required field'],
    ['id_venue', { id_venue: undefined }, 'venue is a required field'],
  ])('answers 400 naming %s', async (field, change, message) => {
    const res = await post('/api/character/add', 'member', await newCharacter(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: field, message });
  });

  it('refuses a subtype of another type and an unknown venue, naming the field, and writes nothing', async () => {
    const before = await scalar(t.database.db, sql`select count(*)::int from characters`);
    const { other_subtype } = await types();
    const mismatch = await post('/api/character/add', 'member', await newCharacter({ id_subtype: other_subtype }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors[0].path).toBe('id_subtype');
    const venue = await post('/api/character/add', 'member', await newCharacter({ id_venue: 99999999 }));
    expect(venue.statusCode).toBe(400);
    expect(venue.json().errors[0].path).toBe('id_venue');
    expect(await scalar(t.database.db, sql`select count(*)::int from characters`)).toBe(before);
  });

  it('refuses to add a character for another member (403); an administrator may', async () => {
    expect((await post('/api/character/add', 'member', await newCharacter({ id_user: id.coordinator }))).statusCode).toBe(403);
    const byAdmin = await post('/api/character/add', 'admin', await newCharacter({ id_user: id.coordinator }));
    expect(byAdmin.statusCode).toBe(200);
  });
});

describe('POST /api/character/{id}/update', () => {
  it('needs the venue, and only the player may edit', async () => {
    const res = await post(`/api/character/${onStVenue}/update`, 'member', { character_name: 'Isolde' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: 'id_venue', message: 'venue is a required field' });
    expect((await post(`/api/character/${onStVenue}/update`, 'storyteller', { id_venue: stVenue })).statusCode).toBe(403);
    expect((await post(`/api/character/${onStVenue}/update`, 'coordinator', { id_venue: stVenue })).statusCode).toBe(403);
  });

  it('puts a character moved to another style sheet back to Pending there', async () => {
    const db = t.database.db;
    const c = await buildCharacter(db, { id_user: id.member!, being_reviewed: 'yes', st_signed: 'yes' });
    const other = await buildVenue(db);
    const res = await post(`/api/character/${c.id_character}/update`, 'member', { id_venue: other.id_venue, character_name: 'Moved On' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ id_venue: other.id_venue, character_name: 'Moved On', vss_status: 'Pending' });
  });

  it('removes the open applications of a retired character, each with an event saying why', async () => {
    const db = t.database.db;
    const c = await buildCharacter(db, { id_user: id.member!, id_venue: stVenue });
    const app = await post('/api/approval/add', 'member', {
      character_id: c.id_character,
      description: 'Rank background',
      category: 'Rank Background',
      justification: 'Earned in play',
      character_sheet: 'Sheet',
      mechanics: 'Rank 2',
      required_approval: 'Mid',
    });
    expect(app.statusCode).toBe(200);
    const res = await post(`/api/character/${c.id_character}/update`, 'member', { id_venue: stVenue, character_status: 'Retired' });
    expect(res.statusCode).toBe(200);
    const [approval] = await rows(t.database.db, sql`select status from approvals where id = ${app.json().result.id}`);
    expect(approval).toEqual({ status: 'Removed' });
    const [event] = await rows(
      t.database.db,
      sql`select from_status, to_status, note from approval_events where approval_id = ${app.json().result.id} order by id desc limit 1`,
    );
    expect(event).toEqual({ from_status: 'Pending Low', to_status: 'Removed', note: 'The character was retired.' });
  });
});

describe('types and subtypes', () => {
  it('lists the types, and the subtypes of one type', async () => {
    const typesRes = await get('/api/character-types', 'member');
    expect(typesRes.json().result.count).toBe(await scalar(t.database.db, sql`select count(*)::int from character_types`));
    const { id_type } = await types();
    const subtypes = (await get(`/api/character-subtypes?typeId=${id_type}`, 'member')).json().result.rows;
    expect(subtypes.length).toBe(
      await scalar(t.database.db, sql`select count(*)::int from character_subtypes where id_parent_type = ${id_type}`),
    );
    expect(subtypes.every((s: { id_parent_type: number }) => s.id_parent_type === id_type)).toBe(true);
    expect((await get('/api/character-subtypes?typeId=abc', 'member')).statusCode).toBe(400);
  });
});

describe('the experience log', () => {
  const xp = (id_character: number, xp_type: string, xp_amount: unknown, who = 'member') =>
    post('/api/character/xpLogs/add', who, { id_character, xp_type, xp_amount, xp_description: `${xp_type} ${xp_amount}` });
  const sqlBalances = async (id_character: number) =>
    rows<{ id_xp_log: number; xp_balance: number; expected: number }>(
      t.database.db,
      sql`select id_xp_log, xp_balance,
            (sum(case when is_void then 0 when xp_type = 'Spend' then -xp_amount else xp_amount end) over (order by xp_datetime, id_xp_log))::int as expected
          from xp_logs where id_character = ${id_character} order by xp_datetime, id_xp_log`,
    );

  it('keeps a running balance, records who logged each entry, and refuses a Spend below zero naming the balance', async () => {
    const c = await buildCharacter(t.database.db, { id_user: id.member!, id_venue: stVenue });
    expect((await xp(c.id_character, 'Creation Dots', 10)).json().result.xp_balance).toBe(10);
    expect((await xp(c.id_character, 'Spend', '4')).json().result.xp_balance).toBe(6);
    expect((await xp(c.id_character, 'Earn', 2, 'storyteller')).json().result.xp_balance).toBe(8);
    const over = await xp(c.id_character, 'Spend', 9);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].path).toBe('xp_amount');
    expect(over.json().message).toContain('(8)');
    const log = (await get(`/api/character/${c.id_character}/xplogs`, 'member')).json().result;
    expect(log.count).toBe(3);
    expect(log.rows.map((r: { xp_balance: number }) => r.xp_balance)).toEqual([8, 6, 10]);
    expect(log.rows[0].author_name).toBe('Sasha Okafor');
    for (const row of await sqlBalances(c.id_character)) expect(row.xp_balance).toBe(row.expected);
    const detail = (await get(`/api/character/${c.id_character}`, 'member')).json().result;
    expect(detail).toMatchObject({ xp_balance: 8, xp_log_sum: 8, xp_log_count: 3 });
  });

  it.each([
    ['xp_amount', { xp_amount: 2.5 }, 'count must be a whole number'],
    ['xp_amount', { xp_amount: '' }, 'count is a required field'],
    ['xp_type', { xp_type: 'Bribe' }, 'type is a required field'],
    ['xp_description', { xp_description: ' ' }, 'description is a required field'],
  ])('answers 400 naming %s', async (field, change, message) => {
    const res = await post('/api/character/xpLogs/add', 'member', {
      id_character: onStVenue,
      xp_type: 'Earn',
      xp_amount: 1,
      xp_description: 'Game night',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: field, message });
  });

  it('lets neither another member nor the coordinator log or read it (403)', async () => {
    expect((await xp(onStVenue, 'Earn', 1, 'coordinator')).statusCode).toBe(403);
    expect((await get(`/api/character/${onStVenue}/xplogs`, 'coordinator')).statusCode).toBe(403);
  });

  it('voids an entry for the venue’s storyteller: kept, marked void, balances recomputed', async () => {
    const c = await buildCharacter(t.database.db, { id_user: id.member!, id_venue: stVenue });
    await xp(c.id_character, 'Earn', 5);
    const earn = (await xp(c.id_character, 'Earn', 3)).json().result.id_xp_log;
    await xp(c.id_character, 'Spend', 4);
    expect((await post(`/api/character/xpLogs/${earn}/void`, 'member', {})).statusCode).toBe(403);
    const voided = await post(`/api/character/xpLogs/${earn}/void`, 'storyteller', {});
    expect(voided.statusCode).toBe(200);
    for (const row of await sqlBalances(c.id_character)) expect(row.xp_balance).toBe(row.expected);
    const log = (await get(`/api/character/${c.id_character}/xplogs`, 'member')).json().result.rows;
    expect(log.map((r: { xp_balance: number; is_void: boolean }) => [r.xp_balance, r.is_void])).toEqual([
      [1, false],
      [5, true],
      [5, false],
    ]);
    expect((await post(`/api/character/xpLogs/${earn}/void`, 'storyteller', {})).statusCode).toBe(409);
  });

  it('refuses a void that would take a later balance below zero (409) and changes nothing', async () => {
    const c = await buildCharacter(t.database.db, { id_user: id.member!, id_venue: stVenue });
    const earn = (await xp(c.id_character, 'Earn', 5)).json().result.id_xp_log;
    await xp(c.id_character, 'Spend', 5);
    expect((await post(`/api/character/xpLogs/${earn}/void`, 'admin', {})).statusCode).toBe(409);
    expect(await scalar(t.database.db, sql`select count(*)::int from xp_logs where id_character = ${c.id_character} and is_void`)).toBe(0);
  });
});

describe('GET /api/characters (character search)', () => {
  it('is for staff and storytellers only', async () => {
    expect((await get('/api/characters', 'member')).statusCode).toBe(403);
    expect((await get('/api/characters', 'storyteller')).statusCode).toBe(200);
  });

  it('narrows by type, subtype and venue type, counting as SQL does', async () => {
    const { id_type, id_subtype } = await types();
    const byType = (await get(`/api/characters?typeId=${id_type}&count=100`, 'coordinator')).json().result;
    expect(byType.count).toBe(await scalar(t.database.db, sql`select count(*)::int from characters where id_type = ${id_type}`));
    const bySubtype = (await get(`/api/characters?subtypeId=${id_subtype}`, 'coordinator')).json().result;
    expect(bySubtype.count).toBe(await scalar(t.database.db, sql`select count(*)::int from characters where id_subtype = ${id_subtype}`));
    const venueType = await scalar(t.database.db, sql`select id_venue_type::int from venues order by id_venue limit 1`);
    const byVenueType = (await get(`/api/characters?venueTypeId=${venueType}`, 'coordinator')).json().result;
    expect(byVenueType.count).toBe(
      await scalar(
        t.database.db,
        sql`select count(*)::int from characters c join venues v on v.id_venue = c.id_venue where v.id_venue_type = ${venueType}`,
      ),
    );
  });

  it('takes a region to mean every place below it', async () => {
    const region = await scalar(t.database.db, sql`select id_location::int from locations where location_code = 'NE' limit 1`);
    const res = (await get(`/api/characters?region=${region}`, 'coordinator')).json().result;
    const expected = await scalar(
      t.database.db,
      sql`select count(*)::int from characters c join venues v on v.id_venue = c.id_venue join locations l on l.id_location = v.id_location
          where l.id_location = ${region} or (',' || l.id_parent_location || ',') like ${`%,${region},%`}`,
    );
    expect(expected).toBeGreaterThan(0);
    expect(res.count).toBe(expected);
  });

  it('sorts by player and shows the membership number and the style-sheet state', async () => {
    const res = (await get('/api/characters?sortBy=player_name&direction=asc', 'coordinator')).json().result;
    expect(res.rows[0]).toEqual(
      expect.objectContaining({ player_name: expect.any(String), user_camnum: expect.any(String), vss_status: expect.any(String) }),
    );
  });

  it('gives every page, near and far, the rows a plain query gives, for each sort and with a filter', async () => {
    const db = t.database.db;
    const region = await scalar(db, sql`select id_location::int from locations where location_code = 'NE' limit 1`);
    const inRegion = sql`c.id_venue in (select v.id_venue from venues v join locations l on l.id_location = v.id_location
      where l.id_location = ${region} or (',' || l.id_parent_location || ',') like ${`%,${region},%`})`;
    const cases = [
      {
        query: 'sortBy=player_name&direction=desc',
        order: sql`lower(u.user_lname) desc, u.id_user desc, c.id_character desc`,
        where: sql`true`,
      },
      { query: 'sortBy=player_name&direction=asc', order: sql`lower(u.user_lname), u.id_user, c.id_character`, where: sql`true` },
      { query: 'sortBy=character_name&direction=asc', order: sql`lower(c.character_name), c.id_character`, where: sql`true` },
      { query: 'sortBy=type_name&direction=desc', order: sql`ct.type_name desc, c.id_character desc`, where: sql`true` },
      {
        query: `sortBy=player_name&direction=asc&region=${region}`,
        order: sql`lower(u.user_lname), u.id_user, c.id_character`,
        where: inRegion,
      },
    ];
    // Totals are remembered from 1 on here, so far pages take their ids from the end as they do at scale.
    rememberCountsFrom(1);
    onTestFinished(() => rememberCountsFrom(1000));
    for (const { query, order, where } of cases) {
      const expected = (
        await rows<{ id: number }>(
          db,
          sql`select c.id_character as id from characters c join users u on u.id_user = c.id_user
              join character_types ct on ct.id_type = c.id_type where ${where} order by ${order}`,
        )
      ).map((r) => Number(r.id));
      const pages = Math.ceil(expected.length / 5);
      expect(pages).toBeGreaterThan(2);
      // The first page twice: the second request knows the total and takes a far page's ids from the other end.
      for (const page of [1, 1, 2, Math.ceil(pages / 2) + 1, pages - 1, pages]) {
        const res = (await get(`/api/characters?${query}&count=5&page=${page}`, 'coordinator')).json().result;
        expect(res.count).toBe(expected.length);
        expect(res.rows.map((r: { id_character: number }) => r.id_character)).toEqual(expected.slice((page - 1) * 5, page * 5));
      }
    }
  });
});

describe('a member built without characters', () => {
  it('gets an empty list', async () => {
    const loner = await buildMember(t.database.db);
    const res = await get(`/api/characters/user/${loner.id_user}`, 'admin');
    expect(res.json().result).toEqual({ rows: [], count: 0 });
  });
});
