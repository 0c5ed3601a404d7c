// Housekeeping (issue 27): expired sessions, used or expired set-password links and old sign-in failures are
// purged, live ones stay; with several processes on one PostgreSQL, one purges while the others skip.
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDownloads, openDatabase, passwordSetupTokens, sessions, signInFailures } from '../db/index';
import { bearer, createTestApp, type TestApp } from '../test/test-app';
import { purgeExpired } from './housekeeping';

let t: TestApp;
let member: number;

beforeAll(async () => {
  t = await createTestApp();
  member = await t.idOf('member@guildhall.test');
});
afterAll(() => t.close());

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3600_000);

async function seedRows() {
  const db = t.database.db;
  const liveToken = await t.sessionFor(member);
  const expired = randomUUID();
  await db.insert(sessions).values({ id: expired, id_user: member, method: 'test', expires_at: hoursFromNow(-1) });
  const links = await db
    .insert(passwordSetupTokens)
    .values([
      { id_user: member, token_hash: randomUUID(), expires_at: hoursFromNow(1) },
      { id_user: member, token_hash: randomUUID(), expires_at: hoursFromNow(-1) },
      { id_user: member, token_hash: randomUUID(), expires_at: hoursFromNow(1), used_at: hoursFromNow(-0.1) },
    ])
    .returning({ id: passwordSetupTokens.id });
  const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
  await db.insert(signInFailures).values([
    { ip, email: 'a@example.org', at: hoursFromNow(-30) },
    { ip, email: 'b@example.org', at: hoursFromNow(-0.1) },
  ]);
  return { liveToken, expired, links: links.map((l) => l.id), ip };
}

describe('purgeExpired', () => {
  it('removes the expired session, used and expired links and old failures; live ones stay', async () => {
    const { liveToken, expired, links, ip } = await seedRows();
    const purged = await purgeExpired(t.database.db);
    expect(purged?.sessions).toBeGreaterThanOrEqual(1);
    const db = t.database.db;
    expect(await db.select().from(sessions).where(eq(sessions.id, expired))).toHaveLength(0);
    const left = await db.select({ id: passwordSetupTokens.id }).from(passwordSetupTokens).where(inArray(passwordSetupTokens.id, links));
    expect(left.map((l) => l.id)).toEqual([links[0]]);
    const failures = await db.select({ email: signInFailures.email }).from(signInFailures).where(eq(signInFailures.ip, ip));
    expect(failures.map((f) => f.email)).toEqual(['b@example.org']);
    // The live session still signs in.
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${member}`, headers: bearer(liveToken) })).statusCode).toBe(200);
  });

  it("deletes members' data downloads past their expiry and builds abandoned for 10 minutes; the others stay", async () => {
    const db = t.database.db;
    const zip = new Uint8Array([80, 75, 5, 6]);
    // One build at a time per member (a unique index): the live build is another member's.
    const other = await t.idOf('coordinator@guildhall.test');
    const rows = await db
      .insert(dataDownloads)
      .values([
        { id_user: member, status: 'ready', zip_file: zip, ready_at: hoursFromNow(-49), expires_at: hoursFromNow(-1) },
        { id_user: member, status: 'ready', zip_file: zip, ready_at: hoursFromNow(-1), expires_at: hoursFromNow(47) },
        { id_user: member, status: 'preparing', created_at: hoursFromNow(-0.5) },
        { id_user: other, status: 'preparing', created_at: hoursFromNow(-0.05) },
      ])
      .returning({ id: dataDownloads.id });
    const purged = await purgeExpired(db);
    expect(purged?.dataDownloads).toBeGreaterThanOrEqual(2);
    const left = await db
      .select({ id: dataDownloads.id })
      .from(dataDownloads)
      .where(
        inArray(
          dataDownloads.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(dataDownloads.id);
    expect(left.map((r) => r.id)).toEqual([rows[1]!.id, rows[3]!.id]);
  });
});

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('several processes on one PostgreSQL', () => {
  it('skips while another process holds the purge, and two at once purge each row once', async () => {
    const other = await openDatabase({ kind: 'postgres', url: t.url!, poolSize: 2 });
    const holder = new pg.Client({ connectionString: t.url! });
    await holder.connect();
    try {
      await seedRows();
      await holder.query('select pg_advisory_lock(727275)');
      expect(await purgeExpired(t.database.db)).toBeUndefined();
      expect(await purgeExpired(other.db)).toBeUndefined();
      await holder.query('select pg_advisory_unlock(727275)');

      const expiredBefore = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(sql`expires_at < now()`);
      const results = await Promise.all([purgeExpired(t.database.db), purgeExpired(other.db)]);
      const ran = results.filter((r) => r !== undefined);
      expect(ran.length).toBeGreaterThanOrEqual(1);
      expect(ran.reduce((n, r) => n + r!.sessions, 0)).toBe(expiredBefore[0]!.n);
    } finally {
      await holder.end();
      await other.close();
    }
  });
});
