// Issue 23: POST /users takes SPEC §3's user shape (e-mail, phone and address nested), assigns the society's next
// membership number when none is given (distinct under concurrent creation), keeps a given one if free, and only
// a domain can be a member's home (here and in the membership edit).
import { LOCATION_TYPE } from '@guildhall/shared/constants';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { locations } from '../../db/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLocation, buildMember } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let id: Record<string, number>;
let token: Record<string, string>;
/** The demo member's home: a domain. */
let home: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ id, token } = await t.accounts('member', 'coordinator', 'admin'));
  home = await scalar(t.database.db, sql`select id_location from users where id_user = ${id.member}`);
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, who: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token[who]!), payload });
let seq = 0;
const newMember = (extra: Record<string, unknown> = {}) => {
  seq++;
  return {
    user_fname: 'Tomas',
    user_lname: `Okafor ${seq}`,
    user_type: 'Tabletop',
    user_expiration: '2027-11-30',
    id_location: home,
    tbl_user_email: { email: `tomas${seq}.${Date.now()}@example.test` },
    ...extra,
  };
};
const year = new Date().getUTCFullYear();
/** The prefix computed here: US for a place below the US, else the code of its region (location_type 2). */
const prefixOf = async (id_location: number) => {
  const [row] = await rows<{ code: string }>(
    t.database.db,
    sql`select case when exists (select 1 from locations a where (a.id_location = h.id_location
               or a.id_location::text = any(string_to_array(h.id_parent_location, ','))) and a.location_code = 'US') then 'US'
             else (select a.location_code from locations a where a.id_location::text = any(string_to_array(h.id_parent_location, ','))
                   and a.location_type = 2 limit 1) end as code
        from locations h where h.id_location = ${id_location}`,
  );
  return `${row!.code}${year}`;
};
const lastSequence = (prefix: string) =>
  scalar(
    t.database.db,
    sql`select coalesce(max(substr(user_camnum, ${prefix.length + 1})::int), 0)::int from users where user_camnum ~ ${`^${prefix}[0-9]{6}$`}`,
  );
const numbered = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, '0')}`;
const stored = (where: SQL) =>
  rows<Record<string, unknown>>(
    t.database.db,
    sql`select u.user_camnum, e.email, p.phone_number, a.addr_line_1, a.addr_city, a.addr_state, a.addr_zip
        from users u join user_emails e on e.id_user = u.id_user left join user_phones p on p.id_user = u.id_user
        left join user_addresses a on a.id_user = u.id_user where ${where}`,
  );

describe('POST /api/users in SPEC’s user shape', () => {
  it('stores the nested e-mail, phone and address and answers them as GET /user/{id} does', async () => {
    const given = `GIVEN${Date.now() % 1e6}`;
    const payload = newMember({
      user_camnum: given,
      tbl_user_phone: { phone_number: '+1 555 0100' },
      tbl_user_address: { addr_line_1: '12 Lantern Row', addr_city: 'Salem', addr_state: 'MA', addr_zip: '01970' },
    });
    const res = await post('/api/users', 'admin', payload);
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result.user_camnum).toBe(given);
    expect(result.tbl_user_email.email).toBe(payload.tbl_user_email.email);
    expect(result.tbl_user_phone.phone_number).toBe('+1 555 0100');
    expect(result.tbl_user_address).toMatchObject({ addr_line_1: '12 Lantern Row', addr_city: 'Salem', addr_state: 'MA' });
    expect(await stored(sql`u.id_user = ${result.id_user}`)).toEqual([
      {
        user_camnum: given,
        email: payload.tbl_user_email.email,
        phone_number: '+1 555 0100',
        addr_line_1: '12 Lantern Row',
        addr_city: 'Salem',
        addr_state: 'MA',
        addr_zip: '01970',
      },
    ]);
  });

  it('refuses the old flat e-mail, a bad nested e-mail or phone, and an address without its street (400 naming the field)', async () => {
    const { tbl_user_email: _, ...flat } = newMember();
    for (const [payload, field] of [
      [{ ...flat, email: 'flat@example.test' }, 'tbl_user_email'],
      [newMember({ tbl_user_email: { email: 'nope' } }), 'tbl_user_email.email'],
      [newMember({ tbl_user_phone: { phone_number: 'call me' } }), 'tbl_user_phone.phone_number'],
      [newMember({ tbl_user_address: { addr_city: 'Salem', addr_state: 'MA' } }), 'tbl_user_address.addr_line_1'],
    ] as const) {
      const res = await post('/api/users', 'admin', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
  });

  it('is for administrators only (403), creating nothing', async () => {
    const payload = newMember();
    for (const who of ['member', 'coordinator']) expect((await post('/api/users', who, payload)).statusCode).toBe(403);
    expect(await scalar(t.database.db, sql`select count(*)::int from user_emails where email = ${payload.tbl_user_email.email}`)).toBe(0);
  });
});

describe('membership numbers', () => {
  it('gives the society’s next number in its format when none is given (a blank one too)', async () => {
    const prefix = await prefixOf(home);
    expect(prefix).toMatch(/^[A-Z]+\d{4}$/);
    const before = await lastSequence(prefix);
    const first = (await post('/api/users', 'admin', newMember())).json().result.user_camnum;
    const second = (await post('/api/users', 'admin', newMember({ user_camnum: '  ' }))).json().result.user_camnum;
    expect([first, second]).toEqual([numbered(prefix, before + 1), numbered(prefix, before + 2)]);
  });

  it('takes the country code of the home domain’s region outside the US', async () => {
    const [region] = await t.database.db
      .select()
      .from(locations)
      .where(and(eq(locations.location_type, LOCATION_TYPE.REGION), ne(locations.location_code, 'US')))
      .orderBy(asc(locations.id_location))
      .limit(1);
    const domain = await buildLocation(t.database.db, { parent: region! });
    const prefix = await prefixOf(domain.id_location);
    expect(prefix).toBe(`${region!.location_code}${year}`);
    const before = await lastSequence(prefix);
    const res = await post('/api/users', 'admin', newMember({ id_location: domain.id_location }));
    expect(res.json().result.user_camnum).toBe(numbered(prefix, before + 1));
  });

  it('gives ten members created at once ten distinct numbers, one after another', async () => {
    const prefix = await prefixOf(home);
    const before = await lastSequence(prefix);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/api/users', 'admin', newMember())));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const numbers = answers.map((a) => a.json().result.user_camnum as string).sort();
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => numbered(prefix, before + 1 + i)));
  });

  it('keeps a number the administrator gives; one already taken is a 409 naming it, with nothing created', async () => {
    const given = `KEEP${Date.now() % 1e6}`;
    expect((await post('/api/users', 'admin', newMember({ user_camnum: given }))).json().result.user_camnum).toBe(given);
    const taken = newMember({ user_camnum: given });
    const res = await post('/api/users', 'admin', taken);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].path).toBe('user_camnum');
    expect(await scalar(t.database.db, sql`select count(*)::int from users where user_camnum = ${given}`)).toBe(1);
    expect(await scalar(t.database.db, sql`select count(*)::int from user_emails where email = ${taken.tbl_user_email.email}`)).toBe(0);
  });
});

describe('a member’s home', () => {
  it('must be a domain: a region or the US is a 400 naming id_location, on creation and on a membership edit', async () => {
    const places = await rows<{ id_location: number }>(
      t.database.db,
      sql`select (select id_location from locations where location_type = 3 order by id_location limit 1) as id_location
          union all select id_location from locations where location_code = 'US'`,
    );
    expect(places).toHaveLength(2);
    const m = await buildMember(t.database.db, { id_location: home });
    const huge = await post('/api/users', 'admin', newMember({ id_location: 999_999_999_999 }));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors[0].path).toBe('id_location');
    for (const { id_location } of places) {
      const created = await post('/api/users', 'admin', newMember({ id_location }));
      expect(created.statusCode).toBe(400);
      expect(created.json().errors[0].path).toBe('id_location');
      const edited = await post(`/api/users/${m.id_user}/membership`, 'admin', {
        user_camnum: m.user_camnum,
        user_type: 'LARP',
        id_location,
      });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().errors[0].path).toBe('id_location');
    }
    expect(await scalar(t.database.db, sql`select id_location from users where id_user = ${m.id_user}`)).toBe(home);
  });
});
