// A member's notification pages are read once and remembered until notifications are written (decision 156): by
// this process at once (notify and resolveNotices run only in noticesTransaction, which tells the change clock once
// committed; markRead tells it), by another process on the same PostgreSQL as soon as its NOTIFY arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { anotherProcess, eventually } from '../../test/another-process';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { noticesTransaction, notify } from './notifications.service';

let t: TestApp;
let admin: string;
let statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { logQuery: (sql) => statements.push(sql) });
  admin = (await t.accounts('admin')).token.admin;
});
afterAll(() => t?.close());

const noticeReads = () => statements.filter((s) => /from "notifications"/.test(s)).length;
const page = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications?count=10', headers: bearer(token) });
  return { count: res.json().result.count as number, unread: res.json().extra.unread as number, first: res.json().result.rows[0]?.message };
};
/** Until two reads of the member's page read the table once (on PostgreSQL the listener opens in the background). */
const untilRemembered = (token: string) =>
  eventually(async () => {
    statements = [];
    await page(token);
    await page(token);
    return noticeReads() === 1;
  }, 10_000);

it('reads a member’s notifications once for many visits; a notice and marking them read show on the very next read', async () => {
  const member = await buildMember(t.database.db);
  const token = await t.sessionFor(member.id_user);
  expect(await untilRemembered(token)).toBe(true);
  statements = [];
  for (let i = 0; i < 3; i++) expect(await page(token)).toEqual({ count: 0, unread: 0, first: undefined });
  expect(noticeReads()).toBe(0);

  // A staff award tells the member (prestige.service: notify inside noticesTransaction).
  const award = await t.app.inject({
    method: 'POST',
    url: '/api/prestiges/add',
    headers: bearer(admin),
    payload: {
      id_user: member.id_user,
      prestige_general: 2,
      prestige_regional: 0,
      prestige_national: 0,
      prestige_usable_general: 0,
      prestige_category: 'Administration',
      prestige_description: 'Ran the door',
    },
  });
  expect(award.statusCode, award.body).toBe(200);
  expect(await page(token)).toMatchObject({ count: 1, unread: 1 });

  const read = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: bearer(token), payload: { all: true } });
  expect(read.json().result.updated).toBe(1);
  expect(await page(token)).toMatchObject({ count: 1, unread: 0 });

  // Written by the service layer directly, as a background job does.
  await noticesTransaction(t.database.db, (tx) => notify(tx, member.id_user, { kind: 'membership', message: 'Renewed.' }));
  expect(await page(token)).toEqual({ count: 2, unread: 1, first: 'Renewed.' });
});

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('another process on the same PostgreSQL', () => {
  const other = anotherProcess(() => t.url);

  it('writes a notice: the member sees it as soon as the notification arrives', async () => {
    const member = await buildMember(t.database.db);
    const token = await t.sessionFor(member.id_user);
    expect(await untilRemembered(token)).toBe(true);
    await other.query(`insert into notifications (id_user, kind, message) values ($1, 'membership', 'From elsewhere.')`, [member.id_user]);
    expect(await eventually(async () => (await page(token)).first === 'From elsewhere.')).toBe(true);
    await other.query('update notifications set read_at = now() where id_user = $1', [member.id_user]);
    expect(await eventually(async () => (await page(token)).unread === 0)).toBe(true);
  });
});
