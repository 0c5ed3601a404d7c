// INTERNAL_URL (issue 27): where PUBLIC_URL does not lead back to the process (a proxy on localhost, seen from
// inside a container), the embedded sign-in provider is reached through the process's own listener.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, refusingPort } from '../test/oidc-flow';
import { createTestApp, type TestApp } from '../test/test-app';

let dead: Awaited<ReturnType<typeof refusingPort>>;
beforeAll(async () => {
  dead = await refusingPort();
});
afterAll(() => dead.close());

async function portalWith(internal: boolean): Promise<TestApp> {
  const port = await freePort();
  const t = await createTestApp({
    PUBLIC_URL: `http://127.0.0.1:${dead.port}`,
    ...(internal ? { INTERNAL_URL: `http://localhost:${port}` } : {}),
  });
  await t.app.listen({ port, host: 'localhost' });
  return t;
}

describe('the embedded provider behind a public address that does not lead back here', () => {
  it('is unreachable without INTERNAL_URL, and found through it with it', async () => {
    const without = await portalWith(false);
    try {
      expect((await without.app.inject({ method: 'GET', url: '/api/auth/config' })).statusCode).toBe(503);
    } finally {
      await without.close();
    }
    const withInternal = await portalWith(true);
    try {
      const res = await withInternal.app.inject({ method: 'GET', url: '/api/auth/config' });
      expect(res.statusCode).toBe(200);
      // The provider still names itself by the public address: the browser goes there.
      expect(res.json().result.authorizationEndpoint).toBe(`http://127.0.0.1:${dead.port}/sso/auth`);
    } finally {
      await withInternal.close();
    }
  });
});
