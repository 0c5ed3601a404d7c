// POST /user/{id_user} for a member with no phone or address yet: a save with no id gives them one row of each, and
// two saves at once (two tabs, a double click) do not give them two — the second updates the first's rows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { scalar } from '../../test/sql';
import { racingWhileLocked } from '../../test/table-lock';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.accounts('admin')).token.admin!;
});
afterAll(async () => {
  await t?.close();
});

const profile = async (id_user: number, phone_number: string) => {
  const me = (await t.app.inject({ method: 'GET', url: `/api/user/${id_user}`, headers: bearer(admin) })).json().result;
  return {
    id_user,
    user_nick: 'Mo',
    user_prefix: null,
    user_bday: '1991-02-03',
    tbl_user_email: { id_email: me.tbl_user_email.id_email, email: me.tbl_user_email.email },
    tbl_user_phone: { id_phone: null, phone_number },
    tbl_user_address: { id_address: null, addr_line_1: '7 Harbor Way', addr_city: 'Crimson Harbor', addr_state: 'MA' },
  };
};
const save = (payload: { id_user: number }) =>
  t.app.inject({ method: 'POST', url: `/api/user/${payload.id_user}`, headers: bearer(admin), payload });
const contactRows = (id_user: number) =>
  scalar(
    t.database.db,
    sql`select ((select count(*) from user_phones where id_user = ${id_user}) + (select count(*) from user_addresses where id_user = ${id_user}))::int`,
  );

describe('a profile saved with no phone or address id', () => {
  it('adds the rows once; a later save with no id changes them', async () => {
    const { id_user } = await buildMember(t.database.db);
    for (const phone of ['+1 555 0101', '+1 555 0102']) {
      const res = await save(await profile(id_user, phone));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result.tbl_user_phone.phone_number).toBe(phone);
    }
    expect(await contactRows(id_user)).toBe(2);
  });

  it.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('adds them once when two saves come at once', async () => {
    // Two saves at once (of another member) open the pool's connections first: on a cold pool the race stalls (as in
    // import-turns.test.ts).
    const warm = (await buildMember(t.database.db)).id_user;
    for (const res of await Promise.all([1, 2].map(async () => save(await profile(warm, '+1 555 0200')))))
      expect(res.statusCode, res.body).toBe(200);
    const { id_user } = await buildMember(t.database.db);
    const bodies = await Promise.all(['+1 555 0201', '+1 555 0202'].map((phone) => profile(id_user, phone)));
    const answers = await racingWhileLocked(t.url!, 'user_phones', () => bodies.map(save));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(await contactRows(id_user)).toBe(2);
  });
});
