// The sign-in limits behind a proxy (TRUST_PROXY): the address counted is the one the proxy saw, not what a client
// wrote into X-Forwarded-For before it (a proxy that appends keeps the client's words in front).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t?.close();
});

/** A failed sign-in through the proxy at 127.0.0.1, from `client`, with `claimed` written by the client before it. */
const failedThroughProxy = (client: string, claimed: string, i: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: `guess-${i}@guildhall.test`, password: 'wrong' },
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': `${claimed}, ${client}` },
  });

describe('sign-in limits behind a proxy that appends to X-Forwarded-For', () => {
  it('count the client the proxy saw: a new address claimed for each guess does not reset the count', async () => {
    for (let i = 0; i < 10; i++) expect((await failedThroughProxy('198.51.100.1', `203.0.113.${i + 1}`, i)).statusCode).toBe(401);
    expect((await failedThroughProxy('198.51.100.1', '203.0.113.99', 10)).statusCode).toBe(429);
    // Another client behind the same proxy is another count.
    expect((await failedThroughProxy('198.51.100.2', '203.0.113.1', 11)).statusCode).toBe(401);
  });
});
