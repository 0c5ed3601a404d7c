// Issue 26: the exports of My members, a style sheet's characters and a domain's prestige ledger open back with the
// values independent SQL reads for every row (across keyset batches), neutralise formula cells, refuse bad input
// naming the field, and ask the policy of the list they export.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characters, prestige, userEmails, users } from '../../db/index';
import { buildCharacter, buildVenue } from '../../test/factories';
import { rows } from '../../test/sql';
import { bearer, createTestApp, matrixAccounts, type TestApp } from '../../test/test-app';
import { LEDGER_HEADER, MEMBERS_HEADER, VENUE_CHARACTERS_HEADER } from './exports.service';

let t: TestApp;
let token: Record<string, string>;
let id: Record<string, number>;
let home: number;
let far: number;
const MANY = 1234;

beforeAll(async () => {
  t = await createTestApp();
  ({ id, token, home, far } = await matrixAccounts(t));
  const st = await t.accounts('storyteller');
  id.storyteller = st.id.storyteller;
  token.storyteller = st.token.storyteller;
  const db = t.database.db;
  // More members at home than one batch holds, one of them named like a formula.
  const n = Date.now() % 1e6;
  const added = await db
    .insert(users)
    .values(
      Array.from({ length: MANY }, (_, i) => ({
        user_fname: i === 7 ? '=cmd|calc' : `Export${i}`,
        user_lname: `Batch, "${i}"`,
        user_camnum: `EX${n}${i}`,
        user_type: 'LARP' as const,
        user_expiration: '2030-01-31',
        id_location: home,
      })),
    )
    .returning({ id_user: users.id_user });
  await db
    .insert(userEmails)
    .values(added.map((u, i) => ({ id_user: u.id_user, email: `export${i}.${n}@example.test`, is_verified: true })));
  await db.insert(prestige).values(
    added.map((u, i) => ({
      id_user: u.id_user,
      prestige_category: 'Administration' as const,
      prestige_general: i % 7,
      prestige_regional: 0,
      prestige_national: 0,
      prestige_usable_general: i % 3,
      prestige_description: i % 10 === 0 ? '+1 for @everyone' : `Entry ${i}`,
      id_reviewer: id.admin!,
      prestige_datetime: new Date(Date.UTC(2021, 0, 1 + (i % 300))),
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(token[who]!) });
const csv = (body: string): Record<string, string>[] => parse(body, { bom: true, columns: true });
const unformula = (s: string) => (/^'[=+\-@]/.test(s) ? s.slice(1) : s);
const under = (location: number) =>
  sql`(select l.id_location from locations l where l.id_location = ${location} or (',' || coalesce(l.id_parent_location, '') || ',') like ${`%,${location},%`})`;
const errorPaths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

describe('GET /api/coordinator/members/export', () => {
  it('exports every member within the coordinator’s reach, with the values the database holds', async () => {
    const res = await get('/api/coordinator/members/export', 'coordinator');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="my-members-/);
    const parsed = csv(res.body);
    expect(Object.keys(parsed[0]!)).toEqual(MEMBERS_HEADER);
    const stored = await rows<{ camnum: string; f: string; l: string; type: string; exp: string | null; email: string | null }>(
      t.database.db,
      sql`select u.user_camnum as camnum, u.user_fname as f, u.user_lname as l, u.user_type as type,
            to_char(u.user_expiration, 'YYYY-MM-DD') as exp,
            (select e.email from user_emails e where e.id_user = u.id_user order by e.id_email limit 1) as email
          from users u where u.id_location in ${under(home)} order by u.id_user`,
    );
    expect(stored.length).toBeGreaterThan(MANY);
    expect(parsed.map((r) => [r.membership_number, unformula(r.first_name!), r.last_name, r.type, r.expiry, r.email])).toEqual(
      stored.map((r) => [r.camnum, r.f, r.l, r.type, r.exp ?? '', r.email ?? '']),
    );
    expect(res.body).toContain("'=cmd|calc");
    expect(res.body).not.toMatch(/,=cmd/);
  });

  it('takes the list’s filters, and an outsider’s export holds none of these members', async () => {
    const parsed = csv((await get('/api/coordinator/members/export?name=Export99&userType=LARP', 'coordinator')).body);
    expect(parsed.map((r) => r.first_name).sort()).toEqual(['Export99', ...Array.from({ length: 10 }, (_, i) => `Export99${i}`)].sort());
    const outside = csv((await get('/api/coordinator/members/export', 'outCoordinator')).body);
    expect(outside.some((r) => r.first_name?.startsWith('Export'))).toBe(false);
  });

  it('refuses a bad filter naming it (400), a member (403) and another domain’s id (403)', async () => {
    const bad = await get('/api/coordinator/members/export?userType=Wizard', 'coordinator');
    expect(bad.statusCode).toBe(400);
    expect(errorPaths(bad.json())).toContain('userType');
    expect(errorPaths((await get('/api/coordinator/members/export?locationId=abc', 'coordinator')).json())).toContain('locationId');
    expect((await get('/api/coordinator/members/export', 'member')).statusCode).toBe(403);
    expect((await get(`/api/coordinator/members/export?locationId=${far}`, 'coordinator')).statusCode).toBe(403);
    expect((await get(`/api/coordinator/members/export?locationId=${home}`, 'coordinator')).statusCode).toBe(200);
  });
});

describe('GET /api/characters/venue/:id/export', () => {
  it('exports a style sheet’s characters with their players, as the database holds them', async () => {
    const db = t.database.db;
    const venue = await buildVenue(db, { id_user_st: id.storyteller });
    await buildCharacter(db, { id_venue: venue.id_venue, character_name: '@SUM(A1) the Bold' });
    for (let i = 0; i < 4; i++) await buildCharacter(db, { id_venue: venue.id_venue, character_name: `Sheet character ${i}` });
    await db
      .update(characters)
      .set({ being_reviewed: 'yes', st_signed: 'yes' })
      .where(sql`${characters.character_name} = 'Sheet character 2'`);
    const res = await get(`/api/characters/venue/${venue.id_venue}/export`, 'storyteller');
    expect(res.statusCode).toBe(200);
    const parsed = csv(res.body);
    expect(Object.keys(parsed[0]!)).toEqual(VENUE_CHARACTERS_HEADER);
    const stored = await rows<{ id: number; name: string; player: string; camnum: string; type: string; subtype: string; status: string }>(
      db,
      sql`select c.id_character as id, c.character_name as name, trim(concat_ws(' ', u.user_fname, u.user_lname)) as player,
            u.user_camnum as camnum, t.type_name as type, s.subtype_name as subtype, c.character_status as status
          from characters c join users u on u.id_user = c.id_user join character_types t on t.id_type = c.id_type
            join character_subtypes s on s.id_subtype = c.id_subtype
          where c.id_venue = ${venue.id_venue} order by c.id_character`,
    );
    expect(stored).toHaveLength(5);
    expect(parsed.map((r) => [Number(r.id), unformula(r.character!), r.player, r.membership_number, r.type, r.subtype, r.status])).toEqual(
      stored.map((r) => [r.id, r.name, r.player, r.camnum, r.type, r.subtype, r.status]),
    );
    expect(parsed[0]!.character).toBe("'@SUM(A1) the Bold");
    expect(parsed.map((r) => r.vss_status)).toEqual(['Pending', 'Pending', 'Pending', 'Accepted', 'Pending']);
  });

  it('refuses a bad id naming it (400), a member (403) and an unknown sheet (404)', async () => {
    const bad = await get('/api/characters/venue/abc/export', 'storyteller');
    expect(bad.statusCode).toBe(400);
    expect(errorPaths(bad.json())).toContain('id');
    const venue = await buildVenue(t.database.db);
    expect((await get(`/api/characters/venue/${venue.id_venue}/export`, 'member')).statusCode).toBe(403);
    expect((await get('/api/characters/venue/99999999/export', 'storyteller')).statusCode).toBe(404);
  });
});

describe('GET /api/prestiges/location/:id/export', () => {
  it('exports the entries of the members at home in the domain, newest first, across batches', async () => {
    const res = await get(`/api/prestiges/location/${home}/export`, 'coordinator');
    expect(res.statusCode).toBe(200);
    const parsed = csv(res.body);
    expect(Object.keys(parsed[0]!)).toEqual([...LEDGER_HEADER]);
    const stored = await rows<{ camnum: string; d: string; g: number; v: number; text: string; by: string | null }>(
      t.database.db,
      sql`select u.user_camnum as camnum, to_char(p.prestige_datetime at time zone 'UTC', 'YYYY-MM-DD') as d,
            p.prestige_general as g, p.prestige_usable_general as v, p.prestige_description as text, r.user_camnum as by
          from prestige p join users u on u.id_user = p.id_user left join users r on r.id_user = p.id_reviewer
          where u.id_location in ${under(home)} order by p.id_prestige desc`,
    );
    expect(stored.length).toBeGreaterThan(MANY);
    expect(
      parsed.map((r) => [r.membership_number, r.date, Number(r.general), Number(r.vip), unformula(r.description!), r.awarded_by]),
    ).toEqual(stored.map((r) => [r.camnum, r.d, Number(r.g), Number(r.v), r.text, r.by ?? '']));
    expect(res.body).toContain("'+1 for @everyone");
    expect(res.body).not.toMatch(/,\+1 for/);
  });

  it('refuses a bad id naming it (400), members and coordinators of other domains (403); an unknown domain is 404', async () => {
    const bad = await get('/api/prestiges/location/abc/export', 'admin');
    expect(bad.statusCode).toBe(400);
    expect(errorPaths(bad.json())).toContain('id');
    expect((await get(`/api/prestiges/location/${home}/export`, 'member')).statusCode).toBe(403);
    expect((await get(`/api/prestiges/location/${home}/export`, 'outCoordinator')).statusCode).toBe(403);
    expect((await get(`/api/prestiges/location/${far}/export`, 'coordinator')).statusCode).toBe(403);
    expect((await get(`/api/prestiges/location/${home}/export`, 'admin')).statusCode).toBe(200);
    expect((await get('/api/prestiges/location/99999999/export', 'admin')).statusCode).toBe(404);
  });
});
