// Style sheets, read: the VSS list, a sheet and the census — each compared with SQL computed here. Adding and
// updating a sheet and its items: venues-editing.test.ts. Signing characters onto a sheet and its characters:
// characters/style-sheet-characters.test.ts.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, scalar } from '../../test/sql';
import { errorPaths, id, t, useVenuesTestApp, venueType, venueX, venueY } from './venues-test-app';

const { get, post } = useVenuesTestApp();

describe('POST /api/venues/get', () => {
  it('pages every style sheet newest first, with SPEC’s columns and the total SQL counts', async () => {
    const res = await post('/api/venues/get', 'member', {});
    expect(res.statusCode).toBe(200);
    const { rows: list, count } = res.json().result;
    expect(count).toBe(await scalar(t.database.db, sql`select count(*)::int from venues`));
    const ids = await rows<{ id_venue: number }>(t.database.db, sql`select id_venue from venues order by id_venue desc limit 10`);
    expect(list.map((r: { id_venue: number }) => r.id_venue)).toEqual(ids.map((r) => r.id_venue));
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        'abilities',
        'domain_code',
        'domain_name',
        'id_location',
        'id_user_st',
        'id_venue',
        'id_venue_type',
        'region_name',
        'storyteller_name',
        'venue_name',
        'venue_type',
      ].sort(),
    );
  });

  it('gives each row its domain’s name and code and its region, as the domain list has them', async () => {
    const list = (await post('/api/venues/get?count=100', 'member', {})).json().result.rows as {
      id_location: number;
      domain_name: string;
      domain_code: string;
      region_name: string | null;
    }[];
    const domains = new Map(
      (
        (await get('/api/domains', 'member')).json().result.rows as { id_location: number; location_name: string; domain_code: string }[]
      ).map((d) => [d.id_location, d]),
    );
    for (const row of list) {
      expect(row.domain_name).toBe(domains.get(row.id_location)!.location_name);
      expect(row.domain_code).toBe(domains.get(row.id_location)!.domain_code);
      expect(row.region_name).toBeTruthy();
    }
  });

  it('shows a domain renamed a moment ago (the location tree it keeps is dropped on a write)', async () => {
    const before = (await post('/api/venues/get', 'member', {})).json().result.rows[0] as { id_location: number; domain_code: string };
    const [place] = await rows<{ location_code: string; id_parent: number }>(
      t.database.db,
      sql`select location_code, id_parent from locations where id_location = ${before.id_location}`,
    );
    const renamed = await post(`/api/domains/${before.id_location}/update`, 'admin', {
      location_name: 'Renamed Reach',
      location_code: place!.location_code,
      id_parent: place!.id_parent,
    });
    expect(renamed.statusCode).toBe(200);
    const after = (await post('/api/venues/get', 'member', {})).json().result.rows[0];
    expect(after).toMatchObject({ id_location: before.id_location, domain_name: 'Renamed Reach', domain_code: before.domain_code });
  });

  it('pages without overlap and sorts by name in both directions as SQL does', async () => {
    const first = (await post('/api/venues/get?sortBy=venue_name&page=1&count=5', 'member', {})).json().result.rows;
    const second = (await post('/api/venues/get?sortBy=venue_name&page=2&count=5', 'member', {})).json().result.rows;
    const seen = new Set(first.map((r: { id_venue: number }) => r.id_venue));
    expect(second.some((r: { id_venue: number }) => seen.has(r.id_venue))).toBe(false);
    const byName = await rows<{ id_venue: number }>(
      t.database.db,
      sql`select id_venue from venues order by lower(venue_name) desc, id_venue desc`,
    );
    expect([...first, ...second].map((r: { id_venue: number }) => r.id_venue)).toEqual(byName.slice(0, 10).map((r) => r.id_venue));
    for (const direction of ['asc', 'desc'] as const) {
      const res = await post(`/api/venues/get?sortBy=venue_name&direction=${direction}&count=100`, 'member', {});
      const expected = await rows<{ id_venue: number }>(
        t.database.db,
        sql.raw(`select id_venue from venues order by lower(venue_name) ${direction}, id_venue ${direction} limit 100`),
      );
      expect(res.json().result.rows.map((r: { id_venue: number }) => r.id_venue)).toEqual(expected.map((r) => r.id_venue));
    }
  });

  it('filters by style sheet name, storyteller, venue type and domain (with the places below it)', async () => {
    const byName = (await post('/api/venues/get', 'member', { vssName: 'harbour cou' })).json().result;
    expect(byName.rows.map((r: { id_venue: number }) => r.id_venue)).toContain(venueX);
    expect(byName.count).toBe(
      await scalar(t.database.db, sql`select count(*)::int from venues where lower(venue_name) like '%harbour cou%'`),
    );

    const byStoryteller = (await post('/api/venues/get?count=100', 'member', { storytellerName: 'Sasha Okafor' })).json().result;
    expect(byStoryteller.count).toBe(
      await scalar(t.database.db, sql`select count(*)::int from venues where id_user_st = ${id.storyteller}`),
    );

    const byType = (await post('/api/venues/get', 'member', { venueTypeId: venueType })).json().result;
    expect(byType.count).toBe(await scalar(t.database.db, sql`select count(*)::int from venues where id_venue_type = ${venueType}`));

    const region = await scalar(
      t.database.db,
      sql`select id_parent from locations l join venues v on v.id_location = l.id_location where v.id_venue = ${venueY}`,
    );
    const byRegion = (await post('/api/venues/get', 'member', { domainIds: [region] })).json().result;
    expect(byRegion.rows.map((r: { id_venue: number }) => r.id_venue)).toEqual([venueY]);
    expect(byRegion.rows[0]).toMatchObject({ venue_name: 'Ashen Vale', region_name: expect.stringMatching(/^Region /) });
  });

  it('says which rows the caller may edit', async () => {
    const list = (await post('/api/venues/get?count=100', 'storyteller', { vssName: 'a' })).json().result.rows as {
      id_venue: number;
      abilities: string[];
    }[];
    expect(list.find((r) => r.id_venue === venueX)?.abilities).toEqual(['edit', 'addItem']);
    expect(list.find((r) => r.id_venue === venueY)?.abilities).toEqual([]);
  });

  it('answers 400 naming the field for an unknown sort or a bad filter', async () => {
    const badSort = await post('/api/venues/get?sortBy=password_hash', 'member', {});
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toContain('sortBy');
    const badDomains = await post('/api/venues/get', 'member', { domainIds: ['x'] });
    expect(badDomains.statusCode).toBe(400);
    expect(errorPaths(badDomains.json())[0]).toMatch(/^domainIds/);
    expect((await post('/api/venues/get?count=1000', 'member', {})).statusCode).toBe(400);
  });
});

describe('GET /api/venue/{id}', () => {
  it('shows the overview, the position holders and the text, with what the caller may do', async () => {
    const db = t.database.db;
    const demoVenue = await scalar(
      db,
      sql`select min(id_venue)::int from venues where id_user_st = ${id.storyteller} and id_venue <> ${venueX}`,
    );
    const res = await get(`/api/venue/${demoVenue}`, 'storyteller');
    expect(res.statusCode).toBe(200);
    const { result, extra } = res.json();
    expect(result).toMatchObject({ id_venue: demoVenue, storyteller_name: 'Sasha Okafor', id_user_st: id.storyteller });
    expect(result.organization).toBeTruthy();
    expect(result.region_name).toBeTruthy();
    expect(result.positions.length).toBe(await scalar(db, sql`select count(*)::int from positions where id_venue = ${demoVenue}`));
    expect(result.positions[0]).toMatchObject({ id_user: id.storyteller, holder_name: 'Sasha Okafor' });
    expect(extra.abilities).toEqual(['edit', 'addItem']);
  });

  it('lets any member read it without abilities; an administrator may edit it; an unknown id is 404', async () => {
    expect((await get(`/api/venue/${venueX}`, 'member')).json().extra.abilities).toEqual([]);
    expect((await get(`/api/venue/${venueX}`, 'otherSt')).json().extra.abilities).toEqual([]);
    expect((await get(`/api/venue/${venueX}`, 'admin')).json().extra.abilities).toEqual(['edit', 'addItem']);
    expect((await get('/api/venue/99999999', 'member')).statusCode).toBe(404);
    expect((await get('/api/venue/abc', 'member')).statusCode).toBe(400);
  });
});

describe('POST /api/venues-with-character-count/get', () => {
  it('counts each sheet’s characters as SQL does, and pages by name without repeating a sheet', async () => {
    const db = t.database.db;
    const seen = new Set<number>();
    const total = await scalar(db, sql`select count(*)::int from venues`);
    let page = 1;
    for (;;) {
      const res = await post(`/api/venues-with-character-count/get?page=${page}&count=25`, 'storyteller', {});
      expect(res.statusCode).toBe(200);
      const { rows: list, count } = res.json().result as { rows: { id_venue: number; character_count: number }[]; count: number };
      expect(count).toBe(total);
      const expected = await rows<{ id_venue: number; n: number }>(
        db,
        sql`select v.id_venue, (select count(*)::int from characters c where c.id_venue = v.id_venue) as n
            from venues v order by lower(v.venue_name), v.id_venue limit 25 offset ${(page - 1) * 25}`,
      );
      expect(list.map((r) => ({ id_venue: r.id_venue, n: r.character_count }))).toEqual(expected);
      for (const r of list) {
        expect(seen.has(r.id_venue)).toBe(false);
        seen.add(r.id_venue);
      }
      if (list.length < 25) break;
      page++;
    }
    expect(seen.size).toBe(total);
  });

  it('is for staff and storytellers (a member gets 403)', async () => {
    expect((await post('/api/venues-with-character-count/get', 'member', {})).statusCode).toBe(403);
    expect((await post('/api/venues-with-character-count/get?count=0', 'storyteller', {})).statusCode).toBe(400);
  });
});
