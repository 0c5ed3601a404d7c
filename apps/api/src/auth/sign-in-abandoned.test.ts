// A password check that never ended (its client hung up, its process was killed) must not hold its place against
// the account: only failures count (DESIGN §4).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/demo-society/demo';
import { RequestScope, requestScope, signInFailures } from '../db/index';
import { createTestApp, type TestApp } from '../test/test-app';
import { createSignInLimits } from './sign-in-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
const heldFor = (email: string) =>
  t.database.db
    .select({ id: signInFailures.id })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, email), eq(signInFailures.pending, true)));

describe('a sign-in that never finished', () => {
  it('no longer holds up the account once its place is over a minute old (a process killed mid-check)', async () => {
    const email = 'member@guildhall.test';
    await t.database.db
      .insert(signInFailures)
      .values(Array.from({ length: 10 }, (_, i) => ({ ip: `10.31.0.${i}`, email, pending: true, at: sql`now() - interval '2 minutes'` })));
    const started = Date.now();
    const res = await login(email, DEMO_PASSWORD, '10.31.1.1');
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')(
    'gives its place back when the client hangs up during the check, as a success would',
    async () => {
      const email = 'storyteller@guildhall.test';
      const limits = createSignInLimits(t.database.db, { failuresPerMinute: 10, accountLockFailures: 10, accountLockMinutes: 10 });
      const scope = new RequestScope();
      const attempt = await requestScope.run(scope, () => limits.beginAttempt('10.32.0.1', email));
      expect(await heldFor(email)).toHaveLength(1);
      // The client goes away: the request's scope starts no new statement (db/postgres.ts cancelRequest).
      scope.aborted = true;
      await requestScope.run(scope, () => attempt.settle(false));
      expect(await heldFor(email)).toEqual([]);
    },
  );
});
