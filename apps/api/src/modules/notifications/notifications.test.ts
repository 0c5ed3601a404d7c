// GET /notifications and POST /notifications/read: a member's own, and only their own.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scalar } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let member: string;
let storyteller: string;
let memberId: number;
let storytellerId: number;

beforeAll(async () => {
  t = await createTestApp();
  member = await t.tokenFor('member@guildhall.test');
  storyteller = await t.tokenFor('storyteller@guildhall.test');
  memberId = await t.idOf('member@guildhall.test');
  storytellerId = await t.idOf('storyteller@guildhall.test');
});
afterAll(async () => {
  await t?.close();
});

const unread = (id_user: number) =>
  scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${id_user} and read_at is null`);

describe('notifications', () => {
  it('lists the member’s own notifications newest first with the unread count', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(member) });
    expect(res.statusCode).toBe(200);
    const { result, extra } = res.json();
    expect(result.count).toBe(await scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${memberId}`));
    expect(extra.unread).toBe(await unread(memberId));
    const dates = result.rows.map((n: { created_at: string }) => n.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('marks only the member’s own notifications read, even when given another member’s ids', async () => {
    const others = await scalar(
      t.database.db,
      sql`select min(id)::int from notifications where id_user = ${storytellerId} and read_at is null`,
    );
    const beforeOthers = await unread(storytellerId);
    const res = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: bearer(member), payload: { ids: [others] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.updated).toBe(0);
    expect(await unread(storytellerId)).toBe(beforeOthers);
    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: bearer(member), payload: {} });
    expect(all.json().result.updated).toBeGreaterThan(0);
    expect(await unread(memberId)).toBe(0);
    expect(await unread(storytellerId)).toBe(beforeOthers);
  });

  it('rejects bad input and needs a token', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bearer(storyteller),
      payload: { ids: ['x'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toMatch(/^ids/);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});
