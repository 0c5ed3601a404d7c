// Secure by default (issue 7): every operation of the OpenAPI document needs a bearer token unless it is one of
// the few public ones, and the document says which; no cache keeps an authenticated answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

const PUBLIC = new Set([
  'GET /auth/config',
  'POST /auth/login',
  'POST /auth/exchange',
  // RFC 8058: a mail client's one-click unsubscribe carries no session; the link's token is the authority.
  'GET /mail/unsubscribe/{token}',
  'POST /mail/unsubscribe/{token}',
  // A member's private calendar address: its token is the authority, revocable.
  'GET /calendar/{file}',
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const operations = () => {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
};

describe('authentication on every route', () => {
  it('documents a bearer token on every operation but the public ones', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(20);
    for (const { method, path, operation } of ops) {
      const key = `${method} ${path}`;
      expect(operation.security, key).toEqual(PUBLIC.has(key) ? undefined : [{ bearer: [] }]);
    }
  });

  it('answers 401 without a token on every operation but the public ones, before looking at the input', async () => {
    for (const { method, path } of operations()) {
      if (PUBLIC.has(`${method} ${path}`)) continue;
      const url = `/api${path.replace(/\{[^}]+\}/g, '1')}`;
      const res = await t.app.inject({ method: method as 'GET', url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'auth.no_token' });
    }
  });

  it('lets no cache keep a member’s answers', async () => {
    const token = await t.tokenFor('member@guildhall.test');
    const id = await t.idOf('member@guildhall.test');
    for (const url of [`/api/user/${id}`, `/api/user/${id}/overview`, '/api/notifications']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect([res.statusCode, res.headers['cache-control']], url).toEqual([200, 'private, no-store']);
    }
  });

  it('keeps health and the OpenAPI document public, and an unknown endpoint a 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(404);
  });
});
