// A member's own lists (db/list.ts ownList): each page, the page past the last and the totals agree with independent
// SQL for several members, not only the first.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, scalar } from '../test/sql';
import { bearer, createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin@guildhall.test');
});
afterAll(async () => {
  await t?.close();
});

const page = async (url: string, token = admin) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { result: { rows: Record<string, unknown>[]; count: number }; extra?: { unread?: number } };
  return { ...body.result, unread: body.extra?.unread };
};
const ids = (list: { rows: Record<string, unknown>[] }, key: string) => list.rows.map((r) => Number(r[key]));

describe("a member's own lists", () => {
  it("pages each of five players' characters by name, and answers the total past the last page", async () => {
    const players = await rows<{ id_user: number }>(
      t.database.db,
      sql`select id_user from characters group by id_user order by count(*) desc, id_user limit 5`,
    );
    for (const { id_user } of players) {
      const want = (
        await rows<{ id: number }>(
          t.database.db,
          sql`select id_character as id from characters where id_user = ${id_user} order by lower(character_name) desc, id_character desc`,
        )
      ).map((r) => Number(r.id));
      const url = (n: number) => `/api/characters/user/${id_user}?sortBy=character_name&direction=desc&count=2&page=${n}`;
      for (let n = 1; n <= Math.ceil(want.length / 2) + 1; n++) {
        const got = await page(url(n));
        expect(got.count).toBe(want.length);
        expect(ids(got, 'id_character')).toEqual(want.slice((n - 1) * 2, n * 2));
      }
    }
  });

  it("pages each of five members' prestige records, and answers the total past the last page", async () => {
    const members = await rows<{ id_user: number }>(
      t.database.db,
      sql`select id_user from prestige group by id_user order by count(*) desc, id_user limit 5`,
    );
    for (const { id_user } of members) {
      const want = (
        await rows<{ id: number }>(
          t.database.db,
          sql`select id_prestige as id from prestige where id_user = ${id_user} order by prestige_general asc, id_prestige asc`,
        )
      ).map((r) => Number(r.id));
      const pages = Math.ceil(want.length / 3);
      for (const n of [1, pages, pages + 1]) {
        const got = await page(`/api/prestiges/user/${id_user}?sortBy=prestige_general&direction=asc&count=3&page=${n}`);
        expect(got.count).toBe(want.length);
        expect(ids(got, 'id_prestige')).toEqual(want.slice((n - 1) * 3, n * 3));
      }
    }
  });

  it('gives each of three members their own notices, their total and their unread count, past the last page too', async () => {
    const members = await rows<{ id_user: number; email: string }>(
      t.database.db,
      sql`select n.id_user, min(e.email) as email from notifications n join user_emails e on e.id_user = n.id_user
          group by n.id_user order by count(*) desc, n.id_user limit 3`,
    );
    for (const { id_user, email } of members) {
      const token = await t.tokenFor(email);
      const total = await scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${id_user}`);
      const unread = await scalar(
        t.database.db,
        sql`select count(*)::int from notifications where id_user = ${id_user} and read_at is null`,
      );
      const first = await page('/api/notifications?count=2', token);
      expect([first.count, first.unread]).toEqual([total, unread]);
      const want = await rows<{ id: number }>(
        t.database.db,
        sql`select id from notifications where id_user = ${id_user} order by created_at desc, id desc limit 2`,
      );
      expect(ids(first, 'id')).toEqual(want.map((r) => Number(r.id)));
      const past = await page(`/api/notifications?count=2&page=${Math.ceil(total / 2) + 1}`, token);
      expect([past.rows, past.count, past.unread]).toEqual([[], total, unread]);
    }
  });
});
