// Issue 26 (GDPR Art. 17): after an administrator's erasure no text or JSON column of any table holds the
// person's name, e-mail, phone or street, while the prestige and XP ledgers keep their rows and totals, the
// member's sessions end, and the audit log records the erasure without the erased data.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prestige } from '../../db/index';
import { notify, noticesTransaction } from '../notifications/notifications.service';
import { buildCharacter } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: Record<string, string>;
let id: Record<string, number>;
let erased: number;
const tag = `${Date.now() % 1e8}`;
const person = {
  first: `Zebulon${tag}`,
  last: `Quixote${tag}`,
  email: `zebulon.${tag}@example.test`,
  phone: `+1 555 ${tag}`,
  street: `${tag} Lantern Row`,
};

/** Every text and JSON column of every table, searched for `value` (case aside). */
async function traces(value: string) {
  const columns = await rows<{ t: string; c: string }>(
    t.database.db,
    sql`select table_name as t, column_name as c from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')`,
  );
  const found: string[] = [];
  for (const { t: table, c } of columns) {
    const n = await scalar(
      t.database.db,
      sql`select count(*)::int from ${sql.identifier(table)} where ${sql.identifier(c)}::text ilike ${`%${value}%`}`,
    );
    if (n) found.push(`${table}.${c}`);
  }
  return found;
}
const ledgers = () =>
  rows(
    t.database.db,
    sql`select (select coalesce(sum(prestige_general + prestige_regional + prestige_national), 0)::int from prestige where id_user = ${erased}) as prestige,
        (select count(*)::int from prestige where id_user = ${erased}) as entries,
        (select coalesce(sum(xp_balance), 0)::int from characters where id_user = ${erased}) as xp,
        (select count(*)::int from xp_logs x join characters c using (id_character) where c.id_user = ${erased}) as xp_entries`,
  );

beforeAll(async () => {
  t = await createTestApp();
  ({ id, token } = await t.accounts('member', 'admin'));
  const home = await scalar(t.database.db, sql`select id_location from users where id_user = ${id.member}`);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(token.admin!),
    payload: {
      user_fname: person.first,
      user_lname: person.last,
      user_type: 'LARP',
      user_expiration: '2027-11-30',
      id_location: home,
      tbl_user_email: { email: person.email },
      tbl_user_phone: { phone_number: person.phone },
      tbl_user_address: { addr_line_1: person.street, addr_city: 'Salem', addr_state: 'MA' },
    },
  });
  erased = created.json().result.id_user;
  const db = t.database.db;
  await db.insert(prestige).values({
    id_user: erased,
    prestige_category: 'Administration',
    prestige_general: 4,
    prestige_regional: 2,
    prestige_description: 'Door',
  });
  const character = await buildCharacter(db, { id_user: erased });
  await db.execute(sql`update characters set xp_balance = 7 where id_character = ${character.id_character}`);
  await db.execute(
    sql`insert into xp_logs (id_character, xp_type, xp_description, xp_amount, xp_balance) values (${character.id_character}, 'Earn', 'Game', 7, 7)`,
  );
  await noticesTransaction(db, (tx) =>
    notify(tx, id.admin!, { kind: 'membership', message: `${person.first} ${person.last} renewed.`, link: '/overview' }),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('erasing a member', () => {
  it('previews what it touches and changes nothing', async () => {
    const before = await traces(person.email);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${erased}/erasure`, headers: bearer(token.admin!) });
    expect(res.statusCode).toBe(200);
    const tables = res.json().result.tables.map((x: { table: string }) => x.table);
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'user_emails', 'user_phones', 'user_addresses', 'prestige', 'characters', 'xp_logs']),
    );
    expect(await traces(person.email)).toEqual(before);
  });

  it('leaves no trace of name, e-mail, phone or street in any table, and the ledgers as they were', async () => {
    expect((await traces(person.email)).length).toBeGreaterThan(0);
    const session = await t.sessionFor(erased);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${erased}`, headers: bearer(session) })).statusCode).toBe(200);
    const totals = await ledgers();
    const res = await t.app.inject({ method: 'POST', url: `/api/users/${erased}/erase`, headers: bearer(token.admin!) });
    expect(res.statusCode, res.body).toBe(200);
    for (const value of [person.first, person.last, person.email, person.phone, person.street]) {
      expect(await traces(value), value).toEqual([]);
    }
    expect(await ledgers()).toEqual(totals);
    const [former] = await rows(
      t.database.db,
      sql`select concat_ws(' ', user_fname, user_lname) as name, is_disabled from users where id_user = ${erased}`,
    );
    expect(former).toEqual({ name: `Former member #${erased}`, is_disabled: true });
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${erased}`, headers: bearer(session) })).statusCode).toBe(401);
    const audit = await scalar(
      t.database.db,
      sql`select count(*)::int from audit_log where action = 'member.erase' and entity_id = ${String(erased)}`,
    );
    expect(audit).toBe(1);
  });

  it('is an administrator’s, never a member’s, and never of oneself', async () => {
    const as = (who: string, of: number, method: 'GET' | 'POST', url: string) =>
      t.app.inject({ method, url: `/api/users/${of}/${url}`, headers: bearer(token[who]!) });
    expect((await as('member', id.admin!, 'GET', 'erasure')).statusCode).toBe(403);
    expect((await as('member', id.admin!, 'POST', 'erase')).statusCode).toBe(403);
    expect((await as('admin', id.admin!, 'POST', 'erase')).statusCode).toBe(403);
    expect((await as('admin', 99999999, 'GET', 'erasure')).statusCode).toBe(404);
  });
});
