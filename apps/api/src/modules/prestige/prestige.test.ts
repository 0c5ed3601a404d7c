// /prestiges/*: records, totals, awards and deletion, each with its permission checks.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPosition } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let id: Record<string, number>;
let token: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ id, token } = await t.accounts('member', 'storyteller', 'coordinator', 'admin'));
  // A member of another region, out of the coordinator's reach.
  const region = await scalar(
    t.database.db,
    sql`select l.id_parent::int from users u join locations l on l.id_location = u.id_location where u.id_user = ${id.member}`,
  );
  id.outsider = await scalar(
    t.database.db,
    sql`select u.id_user::int from users u join locations l on l.id_location = u.id_location
        where (',' || l.id_parent_location || ',') not like ${`%,${region},%`}
          and not exists (select 1 from positions p where p.id_user = u.id_user) order by u.id_user limit 1`,
  );
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(token[who]!) });
const post = (url: string, who: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token[who]!), payload });

const award = (id_user: number, extra: Record<string, unknown> = {}) => ({
  id_user,
  prestige_general: 7,
  prestige_regional: 3,
  prestige_national: 1,
  prestige_usable_general: 4,
  prestige_category: 'Community Service',
  prestige_description: 'Ran the food bank drive',
  ...extra,
});

describe('GET /api/prestiges/user/{id}', () => {
  it('lists a member’s own record newest first, paged by 10, with the reviewer’s name', async () => {
    const res = await get(`/api/prestiges/user/${id.member}`, 'member');
    expect(res.statusCode).toBe(200);
    const { result, extra } = res.json();
    const expected = await rows<{ id_prestige: number }>(
      t.database.db,
      sql`select id_prestige from prestige where id_user = ${id.member} order by prestige_datetime desc, id_prestige desc limit 10`,
    );
    expect(result.rows.map((r: { id_prestige: number }) => r.id_prestige)).toEqual(expected.map((r) => r.id_prestige));
    expect(result.count).toBe(await scalar(t.database.db, sql`select count(*)::int from prestige where id_user = ${id.member}`));
    expect(result.rows[0].reviewer_name).toBe('Cormac Byrne');
    expect(extra).toEqual({ abilities: [] });
  });

  it('sorts by another column both ways and pages', async () => {
    const asc = (await get(`/api/prestiges/user/${id.member}?sortBy=prestige_general&direction=asc&count=3`, 'member')).json().result.rows;
    const generals = asc.map((r: { prestige_general: number }) => r.prestige_general);
    expect(generals).toEqual([...generals].sort((a, b) => a - b));
    const page2 = (await get(`/api/prestiges/user/${id.member}?count=2&page=2`, 'member')).json().result;
    expect(page2.rows).toHaveLength(2);
  });

  it('refuses an unknown sort column and a page size over 100 with 400', async () => {
    const bad = await get(`/api/prestiges/user/${id.member}?sortBy=password_hash`, 'member');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('sortBy');
    expect((await get(`/api/prestiges/user/${id.member}?count=500`, 'member')).statusCode).toBe(400);
  });

  it('refuses another member’s record to a plain member and a storyteller', async () => {
    expect((await get(`/api/prestiges/user/${id.coordinator}`, 'member')).statusCode).toBe(403);
    expect((await get(`/api/prestiges/user/${id.member}`, 'storyteller')).statusCode).toBe(403);
  });

  it('shows the coordinator of the member’s domain the record with the delete ability', async () => {
    const res = await get(`/api/prestiges/user/${id.member}`, 'coordinator');
    expect(res.statusCode).toBe(200);
    expect(res.json().extra).toEqual({ abilities: ['delete'] });
    expect((await get(`/api/prestiges/user/${id.outsider}`, 'coordinator')).statusCode).toBe(403);
  });
});

describe('GET /api/prestiges/user/{id}/aggregates', () => {
  it('sums the record and places the member on the MC ladder', async () => {
    const res = await get(`/api/prestiges/user/${id.member}/aggregates`, 'member');
    expect(res.statusCode).toBe(200);
    const [sums] = await rows<{ g: number; r: number; n: number; v: number }>(
      t.database.db,
      sql`select coalesce(sum(prestige_general),0)::int as g, coalesce(sum(prestige_regional),0)::int as r, coalesce(sum(prestige_national),0)::int as n, coalesce(sum(prestige_usable_general),0)::int as v from prestige where id_user = ${id.member}`,
    );
    const mc = await scalar(
      t.database.db,
      sql`select coalesce(max(mc), 0)::int from mc_levels where general_required <= ${sums!.g} and regional_required <= ${sums!.r} and national_required <= ${sums!.n}`,
    );
    const [next] = await rows<{ g: number; r: number; n: number }>(
      t.database.db,
      sql`select mc, general_required as g, regional_required as r, national_required as n from mc_levels where mc = ${mc + 1}`,
    );
    expect(res.json().result).toEqual({
      total_general: sums!.g,
      total_regional: sums!.r,
      total_national: sums!.n,
      total_vip: sums!.v,
      mc,
      next: {
        mc: mc + 1,
        general: Math.max(0, next!.g - sums!.g),
        regional: Math.max(0, next!.r - sums!.r),
        national: Math.max(0, next!.n - sums!.n),
      },
    });
  });

  it('refuses another member’s totals', async () => {
    expect((await get(`/api/prestiges/user/${id.admin}/aggregates`, 'member')).statusCode).toBe(403);
  });
});

describe('POST /api/prestiges/add', () => {
  it('lets a coordinator award prestige: record, totals and a notification for the member', async () => {
    const before = (await get(`/api/prestiges/user/${id.member}/aggregates`, 'member')).json().result;
    const unreadBefore = await scalar(
      t.database.db,
      sql`select count(*)::int from notifications where id_user = ${id.member} and read_at is null`,
    );
    const res = await post('/api/prestiges/add', 'coordinator', award(id.member!));
    expect(res.statusCode).toBe(200);
    const created = res.json().result.id_prestige;
    const [row] = await rows<Record<string, unknown>>(
      t.database.db,
      sql`select id_user, id_reviewer, prestige_category from prestige where id_prestige = ${created}`,
    );
    expect(row).toEqual({ id_user: id.member, id_reviewer: id.coordinator, prestige_category: 'Community Service' });
    const after = (await get(`/api/prestiges/user/${id.member}/aggregates`, 'member')).json().result;
    expect(after.total_general).toBe(before.total_general + 7);
    expect(after.total_vip).toBe(before.total_vip + 4);
    const record = (await get(`/api/prestiges/user/${id.member}`, 'member')).json().result.rows;
    expect(record[0].id_prestige).toBe(created);
    expect(await scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${id.member} and read_at is null`)).toBe(
      unreadBefore + 1,
    );
  });

  it('accepts numbers sent as text, as the form sends them', async () => {
    const res = await post(
      '/api/prestiges/add',
      'storyteller',
      award(id.member!, { prestige_general: '2', prestige_regional: '0', prestige_national: '0', prestige_usable_general: '1' }),
    );
    expect(res.statusCode).toBe(200);
  });

  it('tells the awarding staff member whether they may open the member’s record', async () => {
    // The coordinator reaches the member (same domain); a storyteller is staff but no coordinator.
    expect((await post('/api/prestiges/add', 'coordinator', award(id.member!))).json().extra).toEqual({ abilities: ['view'] });
    const byStoryteller = await post('/api/prestiges/add', 'storyteller', award(id.member!));
    expect(byStoryteller.statusCode).toBe(200);
    expect(byStoryteller.json().extra).toEqual({ abilities: [] });
    expect((await get(`/api/prestiges/user/${id.member}`, 'storyteller')).statusCode).toBe(403);
  });

  it('refuses a plain member with 403 and writes nothing', async () => {
    const before = await scalar(t.database.db, sql`select count(*)::int from prestige`);
    const res = await post('/api/prestiges/add', 'member', award(id.member!));
    expect(res.statusCode).toBe(403);
    expect(await scalar(t.database.db, sql`select count(*)::int from prestige`)).toBe(before);
  });

  it.each([['storyteller'], ['coordinator']])('refuses a %s who awards prestige to themselves with 403 and writes nothing', async (who) => {
    const before = await scalar(t.database.db, sql`select count(*)::int from prestige where id_user = ${id[who]!}`);
    const res = await post('/api/prestiges/add', who, award(id[who]!, { prestige_general: 1000 }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'prestige.forbidden', message: 'Only staff may award prestige, and never to themselves.' });
    expect(await scalar(t.database.db, sql`select count(*)::int from prestige where id_user = ${id[who]!}`)).toBe(before);
  });

  it('refuses other staff (an assistant storyteller) who award prestige to themselves, and lets them award others', async () => {
    const id_user = (await buildPosition(t.database.db, { pos_type: 'ADST' })).id_user!;
    const assistant = await t.sessionFor(id_user);
    const self = await t.app.inject({ method: 'POST', url: '/api/prestiges/add', headers: bearer(assistant), payload: award(id_user) });
    expect(self.statusCode).toBe(403);
    expect(await scalar(t.database.db, sql`select count(*)::int from prestige where id_user = ${id_user}`)).toBe(0);
    const other = await t.app.inject({ method: 'POST', url: '/api/prestiges/add', headers: bearer(assistant), payload: award(id.member!) });
    expect(other.statusCode).toBe(200);
  });

  it('lets an administrator award prestige to themselves', async () => {
    const res = await post('/api/prestiges/add', 'admin', award(id.admin!));
    expect(res.statusCode).toBe(200);
    expect(await scalar(t.database.db, sql`select id_reviewer from prestige where id_prestige = ${res.json().result.id_prestige}`)).toBe(
      id.admin,
    );
  });

  it.each([
    ['prestige_description', { prestige_description: '' }, 'justification is a required field'],
    ['prestige_category', { prestige_category: 'Bribery' }, undefined],
    ['prestige_general', { prestige_general: '' }, 'general is a required field'],
    ['prestige_regional', { prestige_regional: -1 }, 'regional cannot be negative'],
    ['prestige_national', { prestige_national: 2.5 }, 'national must be a whole number'],
    ['prestige_usable_general', { prestige_usable_general: undefined }, 'vip is a required field'],
  ])('answers 400 naming %s', async (field, change, message) => {
    const res = await post('/api/prestiges/add', 'coordinator', award(id.member!, change));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe(field);
    if (message) expect(res.json().errors[0].message).toBe(message);
  });

  it('answers 404 for a member who does not exist and writes nothing', async () => {
    const res = await post('/api/prestiges/add', 'coordinator', award(999999));
    expect(res.statusCode).toBe(404);
    expect(await scalar(t.database.db, sql`select count(*)::int from notifications where id_user = 999999`)).toBe(0);
  });
});

describe('POST /api/prestiges/delete/{id}', () => {
  const newEntry = async (id_user: number) =>
    (await post('/api/prestiges/add', 'admin', award(id_user))).json().result.id_prestige as number;

  it('lets the member’s coordinator delete an entry', async () => {
    const entry = await newEntry(id.member!);
    const res = await post(`/api/prestiges/delete/${entry}`, 'coordinator', { userId: id.member });
    expect(res.statusCode).toBe(200);
    expect(await scalar(t.database.db, sql`select count(*)::int from prestige where id_prestige = ${entry}`)).toBe(0);
  });

  it('refuses the member themselves, a storyteller and a coordinator of another domain', async () => {
    const entry = await newEntry(id.member!);
    expect((await post(`/api/prestiges/delete/${entry}`, 'member', {})).statusCode).toBe(403);
    expect((await post(`/api/prestiges/delete/${entry}`, 'storyteller', {})).statusCode).toBe(403);
    const outsiderEntry = await newEntry(id.outsider!);
    expect((await post(`/api/prestiges/delete/${outsiderEntry}`, 'coordinator', {})).statusCode).toBe(403);
    expect(await scalar(t.database.db, sql`select count(*)::int from prestige where id_prestige in (${entry}, ${outsiderEntry})`)).toBe(2);
  });

  it('does not let a coordinator delete an entry of their own record', async () => {
    const own = await newEntry(id.coordinator!);
    const res = await post(`/api/prestiges/delete/${own}`, 'coordinator', {});
    expect(res.statusCode).toBe(403);
    expect((await get(`/api/prestiges/user/${id.coordinator}`, 'coordinator')).json().extra).toEqual({ abilities: [] });
  });

  it('lets an administrator delete any entry', async () => {
    const entry = await newEntry(id.outsider!);
    expect((await post(`/api/prestiges/delete/${entry}`, 'admin', {})).statusCode).toBe(200);
  });

  it('answers 404 for an unknown entry and 400 for a userId that does not own it', async () => {
    expect((await post('/api/prestiges/delete/999999', 'admin', {})).statusCode).toBe(404);
    const entry = await newEntry(id.member!);
    const res = await post(`/api/prestiges/delete/${entry}`, 'admin', { userId: id.outsider });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('userId');
  });
});
