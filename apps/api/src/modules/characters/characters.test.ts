// Characters: a player's list, the detail with its abilities, add/update, types and subtypes — each with its
// permission checks, and every figure compared with SQL computed here. The experience log and the search have
// their own files (xp-log.test.ts, character-search.test.ts).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCharacter, buildMember, buildVenue } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { useCharactersTestApp, requestsAs, typeAndSubtype } from './characters-test-app';

const fixture = useCharactersTestApp();
const { get, post } = requestsAs(fixture);
const types = () => typeAndSubtype(fixture.t);

const newCharacter = async (extra: Record<string, unknown> = {}) => {
  const { id_type, id_subtype } = await types();
  return {
    id_venue: fixture.stVenue,
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
    const res = await get(`/api/characters/user/${fixture.id.member}`, 'member');
    expect(res.statusCode).toBe(200);
    const { rows: list, count } = res.json().result;
    const expected = await rows<Record<string, number>>(
      fixture.t.database.db,
      sql`select c.id_character,
            coalesce((select sum(case when x.xp_type = 'Spend' then -x.xp_amount else x.xp_amount end) from xp_logs x where x.id_character = c.id_character and not x.is_void), 0)::int as xp_log_sum,
            (select count(*) from xp_logs x where x.id_character = c.id_character and not x.is_void)::int as xp_log_count,
            (select count(*) from approvals a where a.character_id = c.id_character)::int as app_count
          from characters c where c.id_user = ${fixture.id.member} order by c.id_character limit 10`,
    );
    expect(count).toBe(await scalar(fixture.t.database.db, sql`select count(*)::int from characters where id_user = ${fixture.id.member}`));
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
      const res = await get(`/api/characters/user/${fixture.id.member}?sortBy=character_name&direction=${direction}&count=100`, 'member');
      const names = await rows<{ character_name: string }>(
        fixture.t.database.db,
        sql.raw(
          `select character_name from characters where id_user = ${fixture.id.member} order by lower(character_name) ${direction}, id_character ${direction}`,
        ),
      );
      expect(res.json().result.rows.map((r: { character_name: string }) => r.character_name)).toEqual(names.map((n) => n.character_name));
    }
  });

  it('refuses another member’s list (403) and an unknown sort (400); an administrator may read it', async () => {
    expect((await get(`/api/characters/user/${fixture.id.member}`, 'storyteller')).statusCode).toBe(403);
    expect((await get(`/api/characters/user/${fixture.id.member}?sortBy=password`, 'member')).statusCode).toBe(400);
    expect((await get(`/api/characters/user/${fixture.id.member}`, 'admin')).statusCode).toBe(200);
  });
});

describe('GET /api/character/{id}', () => {
  it('gives the player the character with what they may do', async () => {
    const res = await get(`/api/character/${fixture.onStVenue}`, 'member');
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      id_character: fixture.onStVenue,
      character_name: 'Isolde Vane',
      id_user: fixture.id.member,
      vss_status: 'Pending',
    });
    expect(res.json().extra.abilities).toEqual(['edit', 'logXp', 'addApproval']);
  });

  it('lets the venue’s storyteller read it, log and void experience, but not edit it', async () => {
    const res = await get(`/api/character/${fixture.onStVenue}`, 'storyteller');
    expect(res.statusCode).toBe(200);
    expect(res.json().extra.abilities).toEqual(['logXp', 'voidXp']);
  });

  it('refuses other members with 403 and none of its data, and answers 404 for an unknown id', async () => {
    const res = await get(`/api/character/${fixture.onStVenue}`, 'coordinator');
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
    const [row] = await rows(
      fixture.t.database.db,
      sql`select id_user, being_reviewed, st_signed from characters where id_character = ${created}`,
    );
    expect(row).toEqual({ id_user: fixture.id.member, being_reviewed: 'no', st_signed: null });
    expect((await get(`/api/character/${created}`, 'member')).json().result.vss_status).toBe('Pending');
    expect(
      await scalar(
        fixture.t.database.db,
        sql`select count(*)::int from notifications where id_user = ${fixture.id.storyteller} and message like 'Mira Holloway awaits%'`,
      ),
    ).toBeGreaterThan(0);
  });

  it('does not tell a storyteller to review their own character on their own sheet (they may not sign it)', async () => {
    const res = await post('/api/character/add', 'storyteller', await newCharacter({ character_name: 'Own Tale' }));
    expect(res.statusCode, res.body).toBe(200);
    const notices = sql`select count(*)::int from notifications where id_user = ${fixture.id.storyteller} and message like 'Own Tale awaits%'`;
    expect(await scalar(fixture.t.database.db, notices)).toBe(0);
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
    const before = await scalar(fixture.t.database.db, sql`select count(*)::int from characters`);
    const { other_subtype } = await types();
    const mismatch = await post('/api/character/add', 'member', await newCharacter({ id_subtype: other_subtype }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors[0].path).toBe('id_subtype');
    const venue = await post('/api/character/add', 'member', await newCharacter({ id_venue: 99999999 }));
    expect(venue.statusCode).toBe(400);
    expect(venue.json().errors[0].path).toBe('id_venue');
    expect(await scalar(fixture.t.database.db, sql`select count(*)::int from characters`)).toBe(before);
  });

  it('refuses to add a character for another member (403); an administrator may', async () => {
    expect((await post('/api/character/add', 'member', await newCharacter({ id_user: fixture.id.coordinator }))).statusCode).toBe(403);
    const byAdmin = await post('/api/character/add', 'admin', await newCharacter({ id_user: fixture.id.coordinator }));
    expect(byAdmin.statusCode).toBe(200);
  });

  it('answers 400 naming id_user when an administrator adds for no member or a deactivated one, and writes nothing', async () => {
    const before = await scalar(fixture.t.database.db, sql`select count(*)::int from characters`);
    const gone = (await buildMember(fixture.t.database.db)).id_user;
    expect((await post(`/api/users/${gone}/deactivate`, 'admin', {})).statusCode).toBe(200);
    for (const id_user of [99999999, gone]) {
      const res = await post('/api/character/add', 'admin', await newCharacter({ id_user }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'characters.no_such_member',
        errors: [{ path: 'id_user', message: 'is not an active member' }],
      });
    }
    expect(await scalar(fixture.t.database.db, sql`select count(*)::int from characters`)).toBe(before);
  });
});

describe('POST /api/character/{id}/update', () => {
  it('needs the venue, and only the player may edit', async () => {
    const res = await post(`/api/character/${fixture.onStVenue}/update`, 'member', { character_name: 'Isolde' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: 'id_venue', message: 'venue is a required field' });
    expect((await post(`/api/character/${fixture.onStVenue}/update`, 'storyteller', { id_venue: fixture.stVenue })).statusCode).toBe(403);
    expect((await post(`/api/character/${fixture.onStVenue}/update`, 'coordinator', { id_venue: fixture.stVenue })).statusCode).toBe(403);
  });

  it('puts a character moved to another style sheet back to Pending there', async () => {
    const db = fixture.t.database.db;
    const c = await buildCharacter(db, { id_user: fixture.id.member!, being_reviewed: 'yes', st_signed: 'yes' });
    const other = await buildVenue(db);
    const res = await post(`/api/character/${c.id_character}/update`, 'member', { id_venue: other.id_venue, character_name: 'Moved On' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ id_venue: other.id_venue, character_name: 'Moved On', vss_status: 'Pending' });
  });

  it('removes the open applications of a retired character, each with an event saying why', async () => {
    const db = fixture.t.database.db;
    const c = await buildCharacter(db, { id_user: fixture.id.member!, id_venue: fixture.stVenue });
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
    const res = await post(`/api/character/${c.id_character}/update`, 'member', { id_venue: fixture.stVenue, character_status: 'Retired' });
    expect(res.statusCode).toBe(200);
    const [approval] = await rows(fixture.t.database.db, sql`select status from approvals where id = ${app.json().result.id}`);
    expect(approval).toEqual({ status: 'Removed' });
    const [event] = await rows(
      fixture.t.database.db,
      sql`select from_status, to_status, note from approval_events where approval_id = ${app.json().result.id} order by id desc limit 1`,
    );
    expect(event).toEqual({ from_status: 'Pending Low', to_status: 'Removed', note: 'The character was retired.' });
  });
});

describe('types and subtypes', () => {
  it('lists the types, and the subtypes of one type', async () => {
    const typesRes = await get('/api/character-types', 'member');
    expect(typesRes.json().result.count).toBe(await scalar(fixture.t.database.db, sql`select count(*)::int from character_types`));
    const { id_type } = await types();
    const subtypes = (await get(`/api/character-subtypes?typeId=${id_type}`, 'member')).json().result.rows;
    expect(subtypes.length).toBe(
      await scalar(fixture.t.database.db, sql`select count(*)::int from character_subtypes where id_parent_type = ${id_type}`),
    );
    expect(subtypes.every((s: { id_parent_type: number }) => s.id_parent_type === id_type)).toBe(true);
    expect((await get('/api/character-subtypes?typeId=abc', 'member')).statusCode).toBe(400);
  });
});

describe('a member built without characters', () => {
  it('gets an empty list', async () => {
    const loner = await buildMember(fixture.t.database.db);
    const res = await get(`/api/characters/user/${loner.id_user}`, 'admin');
    expect(res.json().result).toEqual({ rows: [], count: 0 });
  });
});
