// Style sheets: the VSS list, a sheet, adding and updating one, its items and the census — each compared with SQL
// computed here, and the storyteller of venue X acting on venue Y refused for every write. Signing characters onto
// a sheet and its characters: characters/style-sheet-characters.test.ts.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildLocation, buildMember, buildVenue } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { type TestApp, twoVenuesApp, useTestApp } from '../../test/test-app';

let t: TestApp;
let id: Record<string, number>;
/** Venue X run by the demo storyteller, venue Y run by another storyteller. */
let venueX: number;
let venueY: number;
let token: Record<string, string>;
let venueType: number;
const { get, post } = useTestApp(twoVenuesApp, (app) => {
  ({ t, id, token, venueX, venueY } = app);
});
beforeAll(async () => {
  venueType = await scalar(t.database.db, sql`select id_venue_type from venue_types order by id_venue_type limit 1`);
});

const form = (extra: Record<string, unknown> = {}) => ({
  id_venue_type: venueType,
  venue_name: 'Lantern Row',
  venue_style: 'Masquerade is law.',
  ...extra,
});
const item = (id_venue: number, extra: Record<string, unknown> = {}) => ({
  id_venue,
  name: `Blade ${Math.random()}`,
  type: 'Item',
  description: 'An old sword.',
  ...extra,
});
const errorPaths = (body: { errors?: { path: string; message: string }[] }) => (body.errors ?? []).map((e) => e.path);

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

describe('POST /api/venue/add', () => {
  it('adds a style sheet in the caller’s domain, run by the caller, who holds its Venue Storyteller post', async () => {
    const res = await post('/api/venue/add', 'storyteller', form({ id_location: 1, id_user_st: id.member }));
    expect(res.statusCode).toBe(200);
    const created = res.json().result.id_venue;
    const [row] = await rows(
      t.database.db,
      sql`select v.id_user_st, v.id_location = u.id_location as in_own_domain, v.venue_style,
            (select count(*)::int from positions p where p.id_venue = v.id_venue and p.id_user = ${id.storyteller} and p.pos_type = 'VST') as posts
          from venues v join users u on u.id_user = ${id.storyteller} where v.id_venue = ${created}`,
    );
    expect(row).toEqual({ id_user_st: id.storyteller, in_own_domain: true, venue_style: 'Masquerade is law.', posts: 1 });
    // The post starts its history with the caller's holding, and its creation is audited.
    const [history] = await rows(
      t.database.db,
      sql`select h.id_user, h.ended_at, (select count(*)::int from audit_log a where a.action = 'position.create' and a.entity_id = p.id_position::text and a.id_user = ${id.storyteller}) as audited
          from positions p join position_holders h on h.id_position = p.id_position where p.id_venue = ${created}`,
    );
    expect(history).toEqual({ id_user: id.storyteller, ended_at: null, audited: 1 });
  });

  it.each([
    ['id_venue_type', { id_venue_type: '' }, 'venue type is a required field'],
    ['venue_name', { venue_name: '  ' }, 'name is a required field'],
    ['venue_style', { venue_style: undefined }, 'style text is a required field'],
  ])('answers 400 naming %s', async (field, change, message) => {
    const res = await post('/api/venue/add', 'storyteller', form(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: field, message });
  });

  it('answers 400 for an unknown venue type and 403 for a member who is not a storyteller', async () => {
    const unknown = await post('/api/venue/add', 'storyteller', form({ id_venue_type: 999999 }));
    expect(unknown.statusCode).toBe(400);
    expect(errorPaths(unknown.json())).toEqual(['id_venue_type']);
    const denied = await post('/api/venue/add', 'member', form());
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('venues.forbidden');
  });
});

describe('POST /api/venue/{id}/update', () => {
  it('lets the venue’s storyteller change the text, stored as written, and answers the sheet', async () => {
    const hostile = '<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>';
    const res = await post(`/api/venue/${venueX}/update`, 'storyteller', form({ venue_name: 'Harbour Court', venue_style: hostile }));
    expect(res.statusCode).toBe(200);
    expect(res.json().result.venue_style).toBe(hostile);
    expect(await scalar(t.database.db, sql`select count(*)::int from venues where id_venue = ${venueX} and venue_style = ${hostile}`)).toBe(
      1,
    );
  });

  it('refuses the storyteller of another venue, a member and a coordinator (403), and changes nothing', async () => {
    for (const who of ['otherSt', 'member', 'coordinator']) {
      const res = await post(`/api/venue/${venueX}/update`, who, form({ venue_name: 'Stolen' }));
      expect(res.statusCode).toBe(403);
    }
    expect((await post(`/api/venue/${venueY}/update`, 'storyteller', form({ venue_name: 'Stolen' }))).statusCode).toBe(403);
    expect(await scalar(t.database.db, sql`select count(*)::int from venues where venue_name = 'Stolen'`)).toBe(0);
  });

  it('lets an administrator edit any sheet; 400 names a missing field; 404 for an unknown id', async () => {
    expect((await post(`/api/venue/${venueY}/update`, 'admin', form({ venue_name: 'Ashen Vale' }))).statusCode).toBe(200);
    const bad = await post(`/api/venue/${venueX}/update`, 'storyteller', form({ venue_style: '' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ path: 'venue_style', message: 'style text is a required field' });
    expect((await post('/api/venue/99999999/update', 'admin', form())).statusCode).toBe(404);
  });
});

describe('venue items', () => {
  it('adds an item to the storyteller’s own sheet and lists the sheet’s items as SQL has them', async () => {
    const res = await post('/api/venue-items/add', 'storyteller', item(venueX, { name: 'Lighthouse', type: 'Location' }));
    expect(res.statusCode).toBe(200);
    const list = await get(`/api/venue-items/venue/${venueX}`, 'member');
    expect(list.statusCode).toBe(200);
    const { rows: items, count } = list.json().result;
    expect(count).toBe(await scalar(t.database.db, sql`select count(*)::int from venue_items where id_venue = ${venueX}`));
    expect(items).toContainEqual(
      expect.objectContaining({ name: 'Lighthouse', type: 'Location', id_user_st: id.storyteller, id_venue: venueX }),
    );
  });

  it.each([
    ['name', { name: '' }, 'name is a required field'],
    ['type', { type: 'Weapon' }, 'type is a required field'],
    ['description', { description: undefined }, 'description is a required field'],
  ])('answers 400 naming %s', async (field, change, message) => {
    const res = await post('/api/venue-items/add', 'storyteller', item(venueX, change));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: field, message });
  });

  it('refuses items on venue Y from the storyteller of venue X, and from a member (403)', async () => {
    expect((await post('/api/venue-items/add', 'storyteller', item(venueY))).statusCode).toBe(403);
    expect((await post('/api/venue-items/add', 'otherSt', item(venueX))).statusCode).toBe(403);
    expect((await post('/api/venue-items/add', 'member', item(venueX))).statusCode).toBe(403);
    const unknown = await post('/api/venue-items/add', 'admin', item(99999999));
    expect(unknown.statusCode).toBe(400);
    expect(errorPaths(unknown.json())).toEqual(['id_venue']);
    expect((await get('/api/venue-items/venue/99999999', 'member')).statusCode).toBe(404);
  });

  it('answers 409 for the same item twice on one sheet', async () => {
    const same = item(venueX, { name: 'Twin' });
    expect((await post('/api/venue-items/add', 'storyteller', same)).statusCode).toBe(200);
    expect((await post('/api/venue-items/add', 'storyteller', same)).statusCode).toBe(409);
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

describe('a new domain’s storyteller', () => {
  it('cannot add a style sheet without a domain of their own', async () => {
    const db = t.database.db;
    const loc = await buildLocation(db);
    const lone = await buildMember(db, { email: 'lone-st@factory.test', id_location: null });
    await buildVenue(db, { id_user_st: lone.id_user, id_location: loc.id_location });
    await db.execute(
      sql`update users set password_hash = (select password_hash from users where id_user = ${id.storyteller}) where id_user = ${lone.id_user}`,
    );
    token.lone = await t.tokenFor('lone-st@factory.test');
    const res = await post('/api/venue/add', 'lone', form());
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('venues.no_domain');
    expect(await scalar(db, sql`select count(*)::int from venues where id_user_st = ${lone.id_user}`)).toBe(1);
  });
});
