// The society's day is UTC's in the database as in the API and the browser, whatever zone the PostgreSQL server
// is set to: a member's standing does not change with the server's zone (found in review).
import { membershipStanding } from '@guildhall/shared/rules/membership';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/demo-society/demo';
import { bearer, createPortalOn, createTestApp, type TestApp } from '../../test/test-app';

const onPostgres = process.env.GUILDHALL_TEST_DB === 'postgres';
let t: TestApp;

beforeAll(async () => {
  if (onPostgres) t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const dayIn = (timeZone: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

describe.runIf(onPostgres)('a server set to another time zone', () => {
  it("answers a member's standing by UTC's day, as the browser shows it", async () => {
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    // A zone whose day differs from UTC's now: 14 hours ahead, or 11 behind.
    const zone = dayIn('Pacific/Kiritimati', now) !== today ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const theirDay = dayIn(zone, now);
    // The expiry on which the two days disagree: today ahead of UTC, their day (yesterday) behind it.
    const expiry = theirDay > today ? today : theirDay;
    const admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
    try {
      await admin.query(`alter database "${new URL(t.url!).pathname.slice(1)}" set timezone = '${zone}'`);
      const member = await t.idOf('member@guildhall.test');
      await admin.query('update users set user_expiration = $1 where id_user = $2', [expiry, member]);
      const portal = await createPortalOn(t, {}, { ownPool: true });
      try {
        const signIn = await portal.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'member@guildhall.test', password: DEMO_PASSWORD },
        });
        expect(signIn.statusCode).toBe(200);
        const res = await portal.app.inject({ method: 'GET', url: `/api/user/${member}/overview`, headers: bearer(signIn.json().result) });
        expect(res.json().result.membership).toMatchObject({
          user_expiration: expiry,
          expired: membershipStanding(expiry, today) === 'expired',
        });
      } finally {
        await portal.close();
      }
    } finally {
      await admin.end();
    }
  });
});
