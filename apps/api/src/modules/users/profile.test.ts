// POST /user/{id_user}: the profile popup's save — validation, ownership and one transaction.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, scalar } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let id: Record<string, number>;
let token: Record<string, string>;
let current: { id_email: number; id_phone: number; id_address: number };

beforeAll(async () => {
  t = await createTestApp();
  ({ id, token } = await t.accounts('member', 'coordinator', 'admin'));
  const me = (await t.app.inject({ method: 'GET', url: `/api/user/${id.member}`, headers: bearer(token.member!) })).json().result;
  current = { id_email: me.tbl_user_email.id_email, id_phone: me.tbl_user_phone.id_phone, id_address: me.tbl_user_address.id_address };
});
afterAll(async () => {
  await t?.close();
});

const profile = (overrides: Record<string, unknown> = {}) => ({
  id_user: id.member,
  user_nick: 'Mo',
  user_prefix: 'they/them',
  user_bday: '1991-02-03',
  tbl_user_email: { id_email: current.id_email, email: 'member@guildhall.test' },
  tbl_user_phone: { id_phone: current.id_phone, phone_number: '+1 555 0199' },
  tbl_user_address: { id_address: current.id_address, addr_line_1: '7 Harbor Way', addr_city: 'Crimson Harbor', addr_state: 'MA' },
  ...overrides,
});
const save = (payload: object, who = 'member', target = id.member) =>
  t.app.inject({ method: 'POST', url: `/api/user/${target}`, headers: bearer(token[who]!), payload });

describe('POST /api/user/{id_user}', () => {
  it('saves the member’s profile and answers the re-read record', async () => {
    const res = await save(profile());
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result).toMatchObject({
      user_nick: 'Mo',
      user_bday: '1991-02-03',
      tbl_user_phone: { id_phone: current.id_phone, phone_number: '+1 555 0199' },
      tbl_user_address: { id_address: current.id_address, addr_line_1: '7 Harbor Way', addr_city: 'Crimson Harbor', addr_state: 'MA' },
    });
    const [stored] = await rows<Record<string, string>>(
      t.database.db,
      sql`select to_char(u.user_bday, 'YYYY-MM-DD') as bday, p.phone_number as phone from users u join user_phones p on p.id_user = u.id_user where u.id_user = ${id.member}`,
    );
    expect(stored).toEqual({ bday: '1991-02-03', phone: '+1 555 0199' });
  });

  it('clears optional fields sent empty', async () => {
    const res = await save(profile({ user_nick: '', user_prefix: null }));
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ user_nick: null, user_prefix: null });
  });

  it('keeps the address’s line 2, zip and country, which the popup does not send; line 2 sent empty is cleared', async () => {
    const address = sql`select addr_line_2, addr_zip, addr_country from user_addresses where id_address = ${current.id_address}`;
    await t.database.db.execute(
      sql`update user_addresses set addr_line_2 = 'Apt 4', addr_zip = '01970', addr_country = 'US' where id_address = ${current.id_address}`,
    );
    const res = await save(profile());
    expect(res.statusCode).toBe(200);
    expect(res.json().result.tbl_user_address).toMatchObject({ addr_line_2: 'Apt 4', addr_zip: '01970', addr_country: 'US' });
    expect(await rows(t.database.db, address)).toEqual([{ addr_line_2: 'Apt 4', addr_zip: '01970', addr_country: 'US' }]);

    const cleared = profile();
    Object.assign(cleared.tbl_user_address, { addr_line_2: '' });
    expect((await save(cleared)).statusCode).toBe(200);
    expect(await rows(t.database.db, address)).toEqual([{ addr_line_2: null, addr_zip: '01970', addr_country: 'US' }]);
  });

  it.each([
    ['user_bday', { user_bday: '' }, 'birthday is a required field'],
    ['user_bday', { user_bday: '2999-01-01' }, 'birthday cannot be in the future'],
    ['user_bday', { user_bday: '1990-02-30' }, 'birthday must be a real date'],
    ['tbl_user_email.email', { tbl_user_email: { id_email: 1, email: 'not-an-email' } }, 'must be a valid email'],
    ['tbl_user_email.email', { tbl_user_email: { email: '' } }, 'email is a required field'],
    ['tbl_user_phone.phone_number', { tbl_user_phone: { phone_number: '' } }, 'phone is a required field'],
    [
      'tbl_user_address.addr_city',
      { tbl_user_address: { addr_line_1: 'x', addr_city: ' ', addr_state: 'MA' } },
      'city is a required field',
    ],
    [
      'tbl_user_address.addr_line_1',
      { tbl_user_address: { addr_line_1: '', addr_city: 'x', addr_state: 'MA' } },
      'street is a required field',
    ],
    ['tbl_user_address.addr_state', { tbl_user_address: { addr_line_1: 'x', addr_city: 'y' } }, 'state is a required field'],
    ['user_nick', { user_nick: 'x'.repeat(81) }, 'preferred name must be at most 80 characters'],
    ['tbl_user_email.id_email', { tbl_user_email: { id_email: 3_000_000_000, email: 'member@guildhall.test' } }, 'is not a known record'],
  ])('answers 400 naming %s (%j)', async (path, change, message) => {
    const res = await save(profile(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path, message });
  });

  it('refuses another member’s profile to a member and a coordinator, with nothing written', async () => {
    const before = await scalar(t.database.db, sql`select count(*)::int from user_phones where phone_number = '+1 555 0000'`);
    expect((await save(profile({ id_user: id.admin }), 'member', id.admin)).statusCode).toBe(403);
    expect((await save(profile({ tbl_user_phone: { phone_number: '+1 555 0000' } }), 'coordinator')).statusCode).toBe(403);
    expect(await scalar(t.database.db, sql`select count(*)::int from user_phones where phone_number = '+1 555 0000'`)).toBe(before);
  });

  it('refuses a row id that belongs to another member, and changes nothing', async () => {
    const otherEmail = await scalar(t.database.db, sql`select id_email::int from user_emails where id_user = ${id.admin}`);
    const res = await save(profile({ user_nick: 'Changed', tbl_user_email: { id_email: otherEmail, email: 'hijack@guildhall.test' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('tbl_user_email.id_email');
    expect(await scalar(t.database.db, sql`select count(*)::int from users where id_user = ${id.member} and user_nick = 'Changed'`)).toBe(
      0,
    );
    expect(await scalar(t.database.db, sql`select count(*)::int from user_emails where email = 'hijack@guildhall.test'`)).toBe(0);
  });

  it('answers 409 for an email another member has, and changes nothing', async () => {
    const res = await save(
      profile({ user_nick: 'Changed', tbl_user_email: { id_email: current.id_email, email: 'ADMIN@guildhall.test' } }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'users.email_taken', errors: [{ path: 'tbl_user_email.email' }] });
    expect(await scalar(t.database.db, sql`select count(*)::int from users where id_user = ${id.member} and user_nick = 'Changed'`)).toBe(
      0,
    );
  });

  it('answers 400 when the body’s id_user is not the path’s', async () => {
    const res = await save(profile({ id_user: id.admin }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('id_user');
  });

  it('lets an administrator edit any profile', async () => {
    const res = await save(profile({ user_nick: 'Set by admin' }), 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json().result.user_nick).toBe('Set by admin');
  });
});
