// Issue 13: Administration › Locations and lists — regions and domains (code unique among siblings, moving a
// subtree), venue types, character types and subtypes, the MC ladder: validation, roles, audit rows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, scalar } from '../../test/sql';
import { bearer, createTestApp, matrixAccounts, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: Record<string, string>;
let us: number;
let northeast: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await matrixAccounts(t));
  us = await scalar(t.database.db, sql`select id_location::int from locations where location_code = 'US' and id_parent is null`);
  northeast = await scalar(t.database.db, sql`select id_location::int from locations where location_name = 'Northeast'`);
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, who: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token[who]!), ...(payload ? { payload } : {}) });
const audits = (action: string, entityId: number | string) =>
  scalar(t.database.db, sql`select count(*)::int from audit_log where action = ${action} and entity_id = ${String(entityId)}`);
const domainCode = async (locationId: number) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/domains', headers: bearer(token.member!) })).json().result.rows as {
      id_location: number;
      domain_code: string;
    }[]
  ).find((l) => l.id_location === locationId)?.domain_code;

describe('locations', () => {
  it('adds a domain under a region (type from the parent, code upper-cased), refusing a code its siblings use', async () => {
    const res = await post('/api/domains/add', 'admin', { location_name: 'Lantern Bay', location_code: 'lb1', id_parent: northeast });
    expect(res.statusCode).toBe(200);
    const newId = res.json().result.id;
    const [row] = await rows(
      t.database.db,
      sql`select location_type, location_code, id_parent, id_parent_location from locations where id_location = ${newId}`,
    );
    expect(row).toEqual({ location_type: 4, location_code: 'LB1', id_parent: northeast, id_parent_location: `${us},${northeast}` });
    expect(await domainCode(newId)).toBe('NE-LB1');
    expect(await audits('location.create', newId)).toBe(1);
    const again = await post('/api/domains/add', 'admin', { location_name: 'Other', location_code: 'LB1', id_parent: northeast });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].path).toBe('location_code');
    // The same code under another parent is fine.
    const pacific = await scalar(t.database.db, sql`select id_location::int from locations where location_name = 'Pacific'`);
    expect(
      (await post('/api/domains/add', 'admin', { location_name: 'Lantern Bay West', location_code: 'LB1', id_parent: pacific })).statusCode,
    ).toBe(200);
  });

  it('adds a region under the US, and nothing under a sub-domain', async () => {
    const res = await post('/api/domains/add', 'admin', { location_name: 'Great Plains', location_code: 'GP', id_parent: us });
    const [row] = await rows(t.database.db, sql`select location_type from locations where id_location = ${res.json().result.id}`);
    expect(row).toEqual({ location_type: 3 });
    const sub = await scalar(t.database.db, sql`select id_location::int from locations where location_type = 5 limit 1`);
    const deep = await post('/api/domains/add', 'admin', { location_name: 'Too deep', location_code: 'TD', id_parent: sub });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors[0].path).toBe('id_parent');
  });

  it('renames, recodes and moves a domain with its sub-domains; refuses its own subtree and another level', async () => {
    const domain = (await post('/api/domains/add', 'admin', { location_name: 'Mover', location_code: 'MV', id_parent: northeast })).json()
      .result.id;
    const sub = (
      await post('/api/domains/add', 'admin', { location_name: 'Mover Outskirts', location_code: 'A', id_parent: domain })
    ).json().result.id;
    const pacific = await scalar(t.database.db, sql`select id_location::int from locations where location_name = 'Pacific'`);
    const res = await post(`/api/domains/${domain}/update`, 'admin', {
      location_name: 'Mover Point',
      location_code: 'MP',
      id_parent: pacific,
    });
    expect(res.statusCode).toBe(200);
    expect(await domainCode(domain)).toMatch(/-MP$/);
    const [subRow] = await rows(t.database.db, sql`select id_parent_location from locations where id_location = ${sub}`);
    expect(subRow).toEqual({ id_parent_location: `${us},${pacific},${domain}` });
    expect(await audits('location.update', domain)).toBe(1);
    expect(
      (await post(`/api/domains/${domain}/update`, 'admin', { location_name: 'X', location_code: 'MP', id_parent: sub })).statusCode,
    ).toBe(400);
    expect(
      (await post(`/api/domains/${domain}/update`, 'admin', { location_name: 'X', location_code: 'MP', id_parent: us })).statusCode,
    ).toBe(400);
    expect((await post('/api/domains/999999/update', 'admin', { location_name: 'X', location_code: 'MP', id_parent: us })).statusCode).toBe(
      404,
    );
  });

  it.each([
    [{ location_name: '' }, 'location_name'],
    [{ location_code: 'A-B' }, 'location_code'],
    [{ id_parent: 'x' }, 'id_parent'],
    [{ id_parent: 999999 }, 'id_parent'],
  ])('400 naming the field for %o', async (change, field) => {
    const res = await post('/api/domains/add', 'admin', { location_name: 'Valid', location_code: 'V1', id_parent: northeast, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe(field);
  });
});

describe('named lists', () => {
  it('adds and renames venue types, character types and subtypes; a name in use is 409; each is audited', async () => {
    const vt = await post('/api/venue-types/add', 'admin', { venue_type: 'Changeling Court' });
    expect(vt.statusCode).toBe(200);
    const vtId = vt.json().result.id;
    expect((await post('/api/venue-types/add', 'admin', { venue_type: 'changeling court' })).statusCode).toBe(409);
    expect((await post(`/api/venue-types/${vtId}/update`, 'admin', { venue_type: 'Changeling Freehold' })).statusCode).toBe(200);
    expect(await audits('venue_type.create', vtId)).toBe(1);
    expect(await audits('venue_type.update', vtId)).toBe(1);

    const ct = (await post('/api/character-types/add', 'admin', { type_name: 'Hunter' })).json().result.id;
    const st = await post('/api/character-subtypes/add', 'admin', { subtype_name: 'Null Mysteriis', id_parent_type: ct });
    expect(st.statusCode).toBe(200);
    expect((await post('/api/character-subtypes/add', 'admin', { subtype_name: 'Null Mysteriis', id_parent_type: ct })).statusCode).toBe(
      409,
    );
    const badType = await post('/api/character-subtypes/add', 'admin', { subtype_name: 'Orphan', id_parent_type: 999999 });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors[0].path).toBe('id_parent_type');
    expect((await post('/api/character-types/999999/update', 'admin', { type_name: 'Nobody' })).statusCode).toBe(404);
    expect((await post('/api/character-types/add', 'admin', { type_name: '' })).json().errors[0].path).toBe('type_name');
    const types = (await t.app.inject({ method: 'GET', url: '/api/character-types', headers: bearer(token.member!) })).json().result.rows;
    expect(types.map((r: { type_name: string }) => r.type_name)).toContain('Hunter');
  });
});

describe('the MC ladder', () => {
  it('changes a rung and adds one, keeping the ladder cumulative; audited', async () => {
    const ladder = (await t.app.inject({ method: 'GET', url: '/api/mc-levels', headers: bearer(token.member!) })).json().result.rows;
    expect(ladder.length).toBeGreaterThan(1);
    const top = ladder.at(-1);
    const higher = {
      mc: top.mc + 1,
      general_required: top.general_required + 100,
      regional_required: top.regional_required,
      national_required: top.national_required,
    };
    expect((await post('/api/mc-levels/save', 'admin', higher)).statusCode).toBe(200);
    expect(await audits('mc_level.create', higher.mc)).toBe(1);
    const broken = await post('/api/mc-levels/save', 'admin', { ...higher, general_required: 0 });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors[0].path).toBe('general_required');
    expect((await post('/api/mc-levels/save', 'admin', { ...higher, general_required: higher.general_required + 1 })).statusCode).toBe(200);
    expect(await audits('mc_level.update', higher.mc)).toBe(1);
    expect((await post('/api/mc-levels/save', 'admin', { ...higher, national_required: -1 })).json().errors[0].path).toBe(
      'national_required',
    );
  });

  it('reads neither true as 1 nor null, [] or blank text as 0: a 400 naming the field, and the ladder unchanged', async () => {
    const ladder = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/mc-levels', headers: bearer(token.admin!) })).json().result.rows;
    const before = await ladder();
    const rung = { mc: 99, general_required: 1, regional_required: 0, national_required: 0 };
    for (const [field, value] of [
      ['mc', true],
      ['mc', null],
      ['general_required', []],
      ['regional_required', ' '],
      ['national_required', true],
    ] as const) {
      const res = await post('/api/mc-levels/save', 'admin', { ...rung, [field]: value });
      expect(res.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(res.json().errors[0].path).toBe(field);
    }
    expect(await ladder()).toEqual(before);
  });
});

describe('renaming and reading the named lists', () => {
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(token.member!) })).json().result.rows;

  it('GET /venue-types/get answers every venue type, one just added included', async () => {
    const added = (await post('/api/venue-types/add', 'admin', { venue_type: 'Mummy Necropolis' })).json().result.id;
    const listed = await get('/api/venue-types/get');
    const stored = await rows(t.database.db, sql`select id_venue_type, venue_type from venue_types`);
    expect(listed).toHaveLength(stored.length);
    expect(listed).toEqual(expect.arrayContaining(stored));
    expect(listed).toContainEqual({ id_venue_type: added, venue_type: 'Mummy Necropolis' });
  });

  it('renames a character type, which the members then read; a name another type has is 409', async () => {
    const id = (await post('/api/character-types/add', 'admin', { type_name: 'Deviant' })).json().result.id;
    const res = await post(`/api/character-types/${id}/update`, 'admin', { type_name: 'Deviant: the Renegades' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe(true);
    expect(await get('/api/character-types')).toContainEqual(expect.objectContaining({ id_type: id, type_name: 'Deviant: the Renegades' }));
    expect(await audits('character_type.update', id)).toBe(1);
    await post('/api/character-types/add', 'admin', { type_name: 'Geist' });
    const taken = await post(`/api/character-types/${id}/update`, 'admin', { type_name: 'geist' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].path).toBe('type_name');
  });

  it('renames a subtype and moves it to another type; an unknown type is a 400 naming it, an unknown subtype 404', async () => {
    const from = (await post('/api/character-types/add', 'admin', { type_name: 'Promethean' })).json().result.id;
    const to = (await post('/api/character-types/add', 'admin', { type_name: 'Sin-Eater' })).json().result.id;
    const id = (await post('/api/character-subtypes/add', 'admin', { subtype_name: 'Frankenstein', id_parent_type: from })).json().result
      .id;
    const res = await post(`/api/character-subtypes/${id}/update`, 'admin', { subtype_name: 'Forsaken', id_parent_type: to });
    expect(res.statusCode).toBe(200);
    expect(await get(`/api/character-subtypes?typeId=${to}`)).toEqual([{ id_subtype: id, subtype_name: 'Forsaken', id_parent_type: to }]);
    expect(await get(`/api/character-subtypes?typeId=${from}`)).toEqual([]);
    expect(await audits('character_subtype.update', id)).toBe(1);
    const orphan = await post(`/api/character-subtypes/${id}/update`, 'admin', { subtype_name: 'Forsaken', id_parent_type: 999999 });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().errors[0].path).toBe('id_parent_type');
    expect((await post('/api/character-subtypes/999999/update', 'admin', { subtype_name: 'X', id_parent_type: to })).statusCode).toBe(404);
  });
});

describe('roles × calls', () => {
  const unique = () => `Roles ${Math.random()}`;
  /** A record an administrator adds first, for the call that changes it. */
  const added = async (list: string, payload: object): Promise<number> =>
    (await post(`/api/${list}/add`, 'admin', payload)).json().result.id;
  it.each([
    [
      'POST /domains/add',
      () => ({ url: '/api/domains/add', payload: { location_name: 'Roles', location_code: `R${Date.now() % 1e5}`, id_parent: northeast } }),
    ],
    ['POST /venue-types/add', () => ({ url: '/api/venue-types/add', payload: { venue_type: `Roles ${Math.random()}` } })],
    ['POST /character-types/add', () => ({ url: '/api/character-types/add', payload: { type_name: `Roles ${Math.random()}` } })],
    [
      'POST /venue-types/{id}/update',
      async () => ({
        url: `/api/venue-types/${await added('venue-types', { venue_type: unique() })}/update`,
        payload: { venue_type: unique() },
      }),
    ],
    [
      'POST /character-types/{id}/update',
      async () => ({
        url: `/api/character-types/${await added('character-types', { type_name: unique() })}/update`,
        payload: { type_name: unique() },
      }),
    ],
    [
      'POST /character-subtypes/add',
      async () => ({
        url: '/api/character-subtypes/add',
        payload: { subtype_name: unique(), id_parent_type: await added('character-types', { type_name: unique() }) },
      }),
    ],
    [
      'POST /character-subtypes/{id}/update',
      async () => {
        const type = await added('character-types', { type_name: unique() });
        const id = await added('character-subtypes', { subtype_name: unique(), id_parent_type: type });
        return { url: `/api/character-subtypes/${id}/update`, payload: { subtype_name: unique(), id_parent_type: type } };
      },
    ],
    [
      'POST /domains/{id}/update',
      async () => {
        const code = `U${Math.floor(Math.random() * 1e6)}`;
        const id = await added('domains', { location_name: 'Roles', location_code: code, id_parent: northeast });
        return { url: `/api/domains/${id}/update`, payload: { location_name: unique(), location_code: code, id_parent: northeast } };
      },
    ],
    [
      'POST /mc-levels/save',
      () => ({
        url: '/api/mc-levels/save',
        payload: { mc: 99, general_required: 999_999, regional_required: 999_999, national_required: 999_999 },
      }),
    ],
  ])('%s: administrators only', async (_name, call) => {
    const statuses: number[] = [];
    for (const who of ['member', 'coordinator', 'outCoordinator', 'admin']) {
      const { url, payload } = await call();
      statuses.push((await post(url, who, payload)).statusCode);
    }
    expect(statuses).toEqual([403, 403, 403, 200]);
  });
});
