// A member's session and roles are read once and remembered until a table they are read from is written: by this
// process at once (the writing code tells the change clock), by another process on the same PostgreSQL as soon as
// its NOTIFY arrives (db/changes.ts, migration 0006). Writes to other tables leave them be.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions, sessions, tablesChanged, users } from '../db/index';
import { buildCharacter, buildMember } from '../test/factories';
import { bearer, createTestApp, type TestApp } from '../test/test-app';
import { anotherProcess, eventually } from '../test/another-process';

let t: TestApp;
let statements: string[] = [];

beforeAll(async () => {
  // Each statement the app runs, as Drizzle's logger is told it.
  t = await createTestApp({}, { logQuery: (sql) => statements.push(sql) });
});
afterAll(() => t?.close());

const sessionReads = () => statements.filter((s) => /from "sessions"/.test(s)).length;
const me = (id: number, token: string) => t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });

/** Until two requests read the session once: the listening connection is opened in the background, and until it
 * is up the session is read every time. */
const untilRemembered = (id_user: number, token: string) =>
  eventually(async () => {
    statements = [];
    await me(id_user, token);
    await me(id_user, token);
    return sessionReads() === 1;
  });

it('a burst of requests reads the session once, and a write of this process is seen by the next request', async () => {
  const member = await buildMember(t.database.db);
  const token = await t.sessionFor(member.id_user);
  await untilRemembered(member.id_user, token);
  statements = [];
  for (let i = 0; i < 5; i++) expect((await me(member.id_user, token)).statusCode).toBe(200);
  expect(sessionReads()).toBe(0);

  // Revoked through this process (as logout, a password change or deactivation do, telling the clock): refused at once.
  await t.database.db.update(sessions).set({ revoked_at: sql`now()` }).where(eq(sessions.id_user, member.id_user));
  tablesChanged(t.database.db, ['sessions']);
  const res = await me(member.id_user, token);
  expect(res.statusCode).toBe(401);
});

it('logout ends the session for the very next request', async () => {
  const member = await buildMember(t.database.db);
  const token = await t.sessionFor(member.id_user);
  expect((await me(member.id_user, token)).statusCode).toBe(200);
  expect((await me(member.id_user, token)).statusCode).toBe(200);
  const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
  expect(out.statusCode).toBe(200);
  expect((await me(member.id_user, token)).statusCode).toBe(401);
});

it('a role given and taken away is seen by the next request', async () => {
  const member = await buildMember(t.database.db);
  const token = await t.sessionFor(member.id_user);
  const lookup = () => t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
  expect((await lookup()).statusCode).toBe(403);
  await t.database.db.update(users).set({ is_admin: true }).where(eq(users.id_user, member.id_user));
  tablesChanged(t.database.db, ['users']);
  expect((await lookup()).statusCode).toBe(200);
  await t.database.db.update(users).set({ is_admin: false }).where(eq(users.id_user, member.id_user));
  tablesChanged(t.database.db, ['users']);
  expect((await lookup()).statusCode).toBe(403);
});

it('an experience entry (a table no remembered value is read from) keeps the remembered session', async () => {
  const member = await buildMember(t.database.db);
  const character = await buildCharacter(t.database.db, { id_user: member.id_user });
  const token = await t.sessionFor(member.id_user);
  await untilRemembered(member.id_user, token);
  statements = [];
  const entry = await t.app.inject({
    method: 'POST',
    url: '/api/character/xpLogs/add',
    headers: bearer(token),
    payload: { id_character: character.id_character, xp_type: 'Creation Dots', xp_amount: 3, xp_description: 'Creation' },
  });
  expect(entry.statusCode).toBe(200);
  expect((await me(member.id_user, token)).statusCode).toBe(200);
  expect(statements.some((s) => /insert into "xp_logs"/.test(s))).toBe(true);
  expect(sessionReads()).toBe(0);
});

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('another process on the same PostgreSQL', () => {
  const other = anotherProcess(() => t.url);

  it('revokes a session: refused as soon as the notification arrives', async () => {
    const member = await buildMember(t.database.db);
    const token = await t.sessionFor(member.id_user);
    expect((await me(member.id_user, token)).statusCode).toBe(200);
    await other.query('update sessions set revoked_at = now() where id_user = $1', [member.id_user]);
    expect(await eventually(async () => (await me(member.id_user, token)).statusCode === 401)).toBe(true);
  });

  it('gives a post: the member may look members up as soon as the notification arrives', async () => {
    const member = await buildMember(t.database.db);
    const token = await t.sessionFor(member.id_user);
    const lookup = () => t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
    expect((await lookup()).statusCode).toBe(403);
    const [domain] = await t.database.db.select({ id_location: positions.id_location }).from(positions).where(eq(positions.pos_type, 'DC'));
    await other.query(
      `insert into positions (pos_type, pos_title, id_location, id_user) values ('ADST', 'Assistant Domain Storyteller', $1, $2)`,
      [domain!.id_location, member.id_user],
    );
    expect(await eventually(async () => (await lookup()).statusCode === 200)).toBe(true);
  });

  it('while the listening connection is down nothing is remembered, and it comes back by itself', async () => {
    const member = await buildMember(t.database.db);
    const token = await t.sessionFor(member.id_user);
    await me(member.id_user, token);
    await other.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen guildhall_changes' and datname = current_database()`,
    );
    // Revoked by the other process with nobody listening: the next request still reads the session.
    await other.query('update sessions set revoked_at = now() where id_user = $1', [member.id_user]);
    await new Promise((r) => setTimeout(r, 50));
    expect((await me(member.id_user, token)).statusCode).toBe(401);

    // Once listening again, a new session is read once for two requests. A new session each try: should the
    // connection come back between a try's two requests, the second would keep the session, and the next try
    // would read it no more (0 reads, not 1).
    const again = await buildMember(t.database.db);
    expect(
      await eventually(async () => {
        const fresh = await t.sessionFor(again.id_user);
        statements = [];
        await me(again.id_user, fresh);
        await me(again.id_user, fresh);
        return sessionReads() === 1;
        // Reconnecting takes 100 ms and a connection, which a machine busy with the whole suite may stretch.
      }, 10_000),
    ).toBe(true);
  });
});
