// An authenticated read costs at most two database round trips: the session with the member's roles, then the record.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let statements: string[] = [];

beforeAll(async () => {
  // Each statement the app runs, as Drizzle's logger is told it.
  t = await createTestApp({}, { logQuery: (sql) => statements.push(sql) });
});
afterAll(() => t?.close());

it.each(['member', 'admin'] as const)('GET /user/{id} as %s: one statement for the session and roles, one for the record', async (who) => {
  const { id, token } = await t.accounts(who, 'member');
  statements = [];
  const res = await t.app.inject({ method: 'GET', url: `/api/user/${id.member}`, headers: bearer(token[who]) });
  expect(res.statusCode).toBe(200);
  expect(res.json().result.tbl_user_email.email).toBe('member@guildhall.test');
  expect(statements).toHaveLength(2);
  expect(statements[0]).toMatch(/from "sessions"/);
  expect(statements[1]).toMatch(/from "users"/);

  // The same member's next request, with nothing written in between: the session and roles are remembered.
  statements = [];
  const again = await t.app.inject({ method: 'GET', url: `/api/user/${id.member}`, headers: bearer(token[who]) });
  expect(again.statusCode).toBe(200);
  expect(statements).toHaveLength(1);
  expect(statements[0]).toMatch(/from "users"/);
});

it('records asked for together are read by one statement, each answer its own member', async () => {
  const { id, token } = await t.accounts('member', 'storyteller', 'coordinator', 'admin');
  const ids = [id.member, id.storyteller, id.coordinator, id.admin];
  // Warm the remembered session, so only the records reach the database.
  await t.app.inject({ method: 'GET', url: `/api/user/${id.admin}`, headers: bearer(token.admin) });
  statements = [];
  const answers = await Promise.all(
    [...ids, id.member, 999_999].map((member) => t.app.inject({ method: 'GET', url: `/api/user/${member}`, headers: bearer(token.admin) })),
  );
  expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 404]);
  expect(answers.slice(0, 5).map((res) => res.json().result.id_user)).toEqual([...ids, id.member]);
  expect(answers[5]!.json().code).toBe('users.not_found');
  expect(statements).toHaveLength(1);
  expect(statements[0]).toMatch(/from "users"/);
});
