// /domains, /domains/getbyparents, /domains/content and /venues/domain/{id}, against the seeded society.
import { domainCode, indexLocations, topRegions } from '@guildhall/shared/rules/locations';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, scalar } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
let memberDomain: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor('member@guildhall.test');
  memberDomain = await scalar(
    t.database.db,
    sql`select id_location::int from users where id_user = ${await t.idOf('member@guildhall.test')}`,
  );
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('GET /api/domains', () => {
  it('lists every location with its SPEC domain code', async () => {
    const res = await get('/api/domains');
    expect(res.statusCode).toBe(200);
    // Sent as bytes kept between requests: still JSON, and said to be.
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const { rows: locations, count } = res.json().result;
    const stored = await rows<{ id_location: number; location_code: string; location_type: number; id_parent_location: string | null }>(
      t.database.db,
      sql`select id_location, location_code, location_type, id_parent_location from locations`,
    );
    expect(count).toBe(stored.length);
    const byId = indexLocations(stored);
    for (const l of locations) expect(l.domain_code).toBe(domainCode(byId.get(l.id_location)!, byId));
    expect(locations.find((l: { id_location: number }) => l.id_location === memberDomain).domain_code).toMatch(/^NE-\d{3}$/);
    expect(topRegions(locations).length).toBeGreaterThanOrEqual(5);
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/domains' })).statusCode).toBe(401);
  });
});

describe('POST /api/domains/getbyparents', () => {
  it('answers the locations whose ancestors include a parent', async () => {
    const us = await scalar(t.database.db, sql`select id_location::int from locations where location_code = 'US'`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/domains/getbyparents',
      headers: bearer(token),
      payload: { parentIds: [us] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.count).toBe(
      await scalar(t.database.db, sql`select count(*)::int from locations where (',' || id_parent_location || ',') like ${`%,${us},%`}`),
    );
  });

  it.each([[{}], [{ parentIds: [] }], [{ parentIds: ['x'] }]])('answers 400 naming parentIds for %j', async (payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/domains/getbyparents', headers: bearer(token), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toMatch(/^parentIds/);
  });
});

describe('GET /api/domains/content', () => {
  it('shows the selected domain’s posts (not the venue posts) and venues', async () => {
    const parents = (
      await rows<{ p: string }>(t.database.db, sql`select id_parent_location as p from locations where id_location = ${memberDomain}`)
    )[0]!.p;
    const res = await get(`/api/domains/content?ids=${parents},${memberDomain}`);
    expect(res.statusCode).toBe(200);
    const content = res.json().result;
    expect(content.id_location).toBe(memberDomain);
    expect(content.tbl_positions.map((p: { pos_type: string }) => p.pos_type)).toEqual(expect.arrayContaining(['DC', 'DST']));
    expect(content.tbl_positions.some((p: { pos_type: string }) => p.pos_type === 'VST')).toBe(false);
    expect(content.tbl_venues).toHaveLength(
      await scalar(t.database.db, sql`select count(*)::int from venues where id_location = ${memberDomain}`),
    );
    expect(content.tbl_positions.find((p: { pos_type: string }) => p.pos_type === 'DC').tbl_user.user_camnum).toBe(
      (
        await rows<{ c: string }>(
          t.database.db,
          sql`select user_camnum as c from users where id_user = ${await t.idOf('coordinator@guildhall.test')}`,
        )
      )[0]!.c,
    );
  });

  it('answers 404 for an unknown domain and 400 for bad ids', async () => {
    expect((await get('/api/domains/content?ids=999999')).statusCode).toBe(404);
    const bad = await get('/api/domains/content?ids=1,x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('ids');
    expect((await get('/api/domains/content')).statusCode).toBe(400);
  });

  it('answers 400 naming the parameter when a list of ids holds one beyond any record', async () => {
    const beyond = 3_000_000_000;
    const lists = { ids: '/api/domains/content', locations: '/api/users', domainIds: '/api/approvals/get' };
    for (const [path, url] of Object.entries(lists)) {
      const res = await get(`${url}?${path}=1,${beyond}`);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toEqual([{ path, message: `${path} holds an id that is not a known record` }]);
    }
  });
});

describe('GET /api/venues/domain/{id}', () => {
  it('pages a domain’s venues by name', async () => {
    const res = await get(`/api/venues/domain/${memberDomain}`);
    expect(res.statusCode).toBe(200);
    const names = res.json().result.rows.map((v: { venue_name: string }) => v.venue_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
    expect(res.json().result.rows[0].storyteller_name).toBe('Sasha Okafor');
  });
  it('answers 404 for an unknown domain', async () => {
    expect((await get('/api/venues/domain/999999')).statusCode).toBe(404);
  });
  it('honours direction: desc pages the venues from the last name back', async () => {
    const busiest = await scalar(
      t.database.db,
      sql`select id_location::int from venues group by id_location order by count(*) desc, id_location limit 1`,
    );
    const expected = await rows<{ venue_name: string }>(
      t.database.db,
      sql`select venue_name from venues where id_location = ${busiest} order by venue_name desc, id_venue desc limit 10`,
    );
    expect(expected.length).toBeGreaterThan(1);
    const res = await get(`/api/venues/domain/${busiest}?sortBy=venue_name&direction=desc`);
    expect(res.json().result.rows.map((v: { venue_name: string }) => v.venue_name)).toEqual(expected.map((v) => v.venue_name));
  });
});

describe('the Domain List tree', () => {
  it('matches SPEC’s nesting for the demo society: the US, its type-3 regions under it, other type-2 regions below', async () => {
    const { directChildren, domainListTopLevel } = await import('@guildhall/shared/rules/locations');
    const locations = (await get('/api/domains')).json().result.rows;
    const top = domainListTopLevel(locations).map((l: { location_code: string }) => l.location_code);
    const others = await rows<{ c: string }>(
      t.database.db,
      sql`select location_code as c from locations where location_type = 2 and location_code <> 'US' order by location_name`,
    );
    expect(top).toEqual(['US', ...others.map((o) => o.c)]);
    const us = locations.find((l: { location_code: string }) => l.location_code === 'US');
    const usRegions = await rows<{ c: string }>(
      t.database.db,
      sql`select location_code as c from locations where location_type = 3 order by location_name`,
    );
    expect(directChildren(locations, us).map((l: { location_code: string }) => l.location_code)).toEqual(usRegions.map((r) => r.c));
    // Every location but the society's root appears exactly once in the tree.
    const seen: number[] = [];
    const walk = (items: { id_location: number }[]) => {
      for (const item of items) {
        seen.push(item.id_location);
        walk(directChildren(locations, item));
      }
    };
    walk(domainListTopLevel(locations));
    expect(seen.sort((a, b) => a - b)).toEqual(
      (
        await rows<{ id: number }>(
          t.database.db,
          sql`select id_location as id from locations where location_type <> 1 order by id_location`,
        )
      ).map((r) => r.id),
    );
  });
});
