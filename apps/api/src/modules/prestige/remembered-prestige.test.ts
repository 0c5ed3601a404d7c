// A member's prestige record pages and totals are read once and remembered until prestige or a member's name is
// written (decision 155): by this process at once (the writing code tells the change clock), by another process on
// the same PostgreSQL as soon as its NOTIFY arrives (migration 0024). Closing a game and importing a file: their tests.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesChanged, users } from '../../db/index';
import { buildMember } from '../../test/factories';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { anotherProcess, eventually } from '../../test/another-process';

let t: TestApp;
let admin: { id: number; token: string };
let statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { logQuery: (sql) => statements.push(sql) });
  const { id, token } = await t.accounts('admin');
  admin = { id: id.admin, token: token.admin };
});
afterAll(() => t?.close());

const prestigeReads = () => statements.filter((s) => /from "prestige"/.test(s)).length;
const get = (url: string, token = admin.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const record = async (id_user: number, token?: string) => (await get(`/api/prestiges/user/${id_user}`, token)).json().result;
const totals = async (id_user: number, token?: string) => (await get(`/api/prestiges/user/${id_user}/aggregates`, token)).json().result;
const award = (id_user: number, general: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/prestiges/add',
    headers: bearer(admin.token),
    payload: {
      id_user,
      prestige_general: general,
      prestige_regional: 0,
      prestige_national: 0,
      prestige_usable_general: 0,
      prestige_category: 'Administration',
      prestige_description: `Ran the door (${general})`,
    },
  });

/** Until the member's record and totals, each read twice, are read from the database once each (on PostgreSQL the
 * listening connection opens in the background; until it is up nothing is remembered). */
const untilRemembered = (id_user: number, token: string) =>
  eventually(async () => {
    statements = [];
    for (let i = 0; i < 2; i++) await Promise.all([record(id_user, token), totals(id_user, token)]);
    return prestigeReads() === 2;
  }, 10_000);

it('reads a member’s record and totals once for many visits; an award and a deletion show on the very next read', async () => {
  const member = await buildMember(t.database.db);
  const token = await t.sessionFor(member.id_user);
  expect(await untilRemembered(member.id_user, token)).toBe(true);
  statements = [];
  for (let i = 0; i < 3; i++) {
    expect((await record(member.id_user, token)).count).toBe(0);
    expect((await totals(member.id_user, token)).total_general).toBe(0);
  }
  expect(prestigeReads()).toBe(0);

  const added = await award(member.id_user, 3);
  expect(added.statusCode, added.body).toBe(200);
  expect(await record(member.id_user, token)).toMatchObject({
    count: 1,
    rows: [{ prestige_general: 3, prestige_description: 'Ran the door (3)' }],
  });
  expect((await totals(member.id_user, token)).total_general).toBe(3);

  const gone = await t.app.inject({
    method: 'POST',
    url: `/api/prestiges/delete/${added.json().result.id_prestige}`,
    headers: bearer(admin.token),
    payload: {},
  });
  expect(gone.statusCode, gone.body).toBe(200);
  expect((await record(member.id_user, token)).count).toBe(0);
  expect((await totals(member.id_user, token)).total_general).toBe(0);
});

it('keeps each member’s pages apart: one member’s award leaves another’s record as it was, read from memory', async () => {
  const [ann, bob] = [await buildMember(t.database.db), await buildMember(t.database.db)];
  const bobToken = await t.sessionFor(bob.id_user);
  expect((await award(bob.id_user, 1)).statusCode).toBe(200);
  expect(await untilRemembered(bob.id_user, bobToken)).toBe(true);
  expect((await award(ann.id_user, 2)).statusCode).toBe(200);
  expect((await record(ann.id_user)).rows.map((r: { prestige_general: number }) => r.prestige_general)).toEqual([2]);
  expect((await record(bob.id_user, bobToken)).rows.map((r: { prestige_general: number }) => r.prestige_general)).toEqual([1]);
  expect((await totals(bob.id_user, bobToken)).total_general).toBe(1);
});

it('shows a reviewer’s new name on the next read once the writing code tells the clock (as a members import does)', async () => {
  const member = await buildMember(t.database.db);
  expect((await award(member.id_user, 1)).statusCode).toBe(200);
  const before = (await record(member.id_user)).rows[0].reviewer_name;
  const [reviewer] = await t.database.db.select().from(users).where(eq(users.id_user, admin.id));
  await t.database.db.update(users).set({ user_lname: 'Renamed' }).where(eq(users.id_user, admin.id));
  tablesChanged(t.database.db, ['users']);
  expect((await record(member.id_user)).rows[0].reviewer_name).toBe(`${reviewer!.user_fname} Renamed`);
  await t.database.db.update(users).set({ user_lname: reviewer!.user_lname }).where(eq(users.id_user, admin.id));
  tablesChanged(t.database.db, ['users']);
  expect((await record(member.id_user)).rows[0].reviewer_name).toBe(before);
});

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('another process on the same PostgreSQL', () => {
  const other = anotherProcess(() => t.url);

  it('awards prestige: the record and totals show it as soon as the notification arrives', async () => {
    const member = await buildMember(t.database.db);
    const token = await t.sessionFor(member.id_user);
    expect(await untilRemembered(member.id_user, token)).toBe(true);
    await other.query(
      `insert into prestige (id_user, id_reviewer, prestige_description, prestige_category, prestige_general) values ($1, $2, 'Elsewhere', 'Administration', 4)`,
      [member.id_user, admin.id],
    );
    expect(await eventually(async () => (await record(member.id_user, token)).count === 1)).toBe(true);
    expect(await eventually(async () => (await totals(member.id_user, token)).total_general === 4)).toBe(true);
  });

  it('renames a reviewer: the record shows the new name as soon as the notification arrives', async () => {
    const member = await buildMember(t.database.db);
    const reviewer = await buildMember(t.database.db, { user_fname: 'Old', user_lname: 'Name' });
    await other.query(
      `insert into prestige (id_user, id_reviewer, prestige_description, prestige_category, prestige_general) values ($1, $2, 'Door', 'Administration', 1)`,
      [member.id_user, reviewer.id_user],
    );
    const name = async () => (await record(member.id_user)).rows[0]?.reviewer_name;
    expect(await eventually(async () => (await name()) === 'Old Name')).toBe(true);
    await other.query(`update users set user_lname = 'Newname' where id_user = $1`, [reviewer.id_user]);
    expect(await eventually(async () => (await name()) === 'Old Newname')).toBe(true);
  });
});
