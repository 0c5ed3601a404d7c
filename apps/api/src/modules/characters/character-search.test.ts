// The character search (GET /api/characters): who may search, each filter and sort, and every page compared with
// a plain query.
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { rows, scalar } from '../../test/sql';
import { useCharactersTestApp, requestsAs, typeAndSubtype } from './characters-test-app';

const fixture = useCharactersTestApp();
const { get } = requestsAs(fixture);
const types = () => typeAndSubtype(fixture.t);

describe('GET /api/characters (character search)', () => {
  it('is for staff and storytellers only', async () => {
    expect((await get('/api/characters', 'member')).statusCode).toBe(403);
    expect((await get('/api/characters', 'storyteller')).statusCode).toBe(200);
  });

  it('narrows by type, subtype and venue type, counting as SQL does', async () => {
    const { id_type, id_subtype } = await types();
    const byType = (await get(`/api/characters?typeId=${id_type}&count=100`, 'coordinator')).json().result;
    expect(byType.count).toBe(await scalar(fixture.t.database.db, sql`select count(*)::int from characters where id_type = ${id_type}`));
    const bySubtype = (await get(`/api/characters?subtypeId=${id_subtype}`, 'coordinator')).json().result;
    expect(bySubtype.count).toBe(
      await scalar(fixture.t.database.db, sql`select count(*)::int from characters where id_subtype = ${id_subtype}`),
    );
    const venueType = await scalar(fixture.t.database.db, sql`select id_venue_type::int from venues order by id_venue limit 1`);
    const byVenueType = (await get(`/api/characters?venueTypeId=${venueType}`, 'coordinator')).json().result;
    expect(byVenueType.count).toBe(
      await scalar(
        fixture.t.database.db,
        sql`select count(*)::int from characters c join venues v on v.id_venue = c.id_venue where v.id_venue_type = ${venueType}`,
      ),
    );
  });

  it('takes a region to mean every place below it', async () => {
    const region = await scalar(fixture.t.database.db, sql`select id_location::int from locations where location_code = 'NE' limit 1`);
    const res = (await get(`/api/characters?region=${region}`, 'coordinator')).json().result;
    const expected = await scalar(
      fixture.t.database.db,
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
    const db = fixture.t.database.db;
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
      // Unfiltered and by the character's own columns: the statement prepared per sort.
      {
        query: 'sortBy=character_name&direction=desc',
        order: sql`lower(c.character_name) desc, c.id_character desc`,
        where: sql`true`,
      },
      {
        query: 'sortBy=character_virtue&direction=asc',
        order: sql`c.character_virtue, c.id_character`,
        where: sql`true`,
      },
      { query: 'sortBy=type_name&direction=desc', order: sql`ct.type_name desc, c.id_character desc`, where: sql`true` },
      {
        query: `sortBy=player_name&direction=asc&region=${region}`,
        order: sql`lower(u.user_lname), u.id_user, c.id_character`,
        where: inRegion,
      },
    ];
    // Totals are remembered from 1 on here, so far pages take their ids from the end as they do at scale.
    Object.assign(fixture.t.database.lists.options, { rememberFrom: 1 });
    onTestFinished(() => void Object.assign(fixture.t.database.lists.options, { rememberFrom: 1000 }));
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
