// POST /auth/password while a reset link is used: the link's password (which ended the caller's session) stands, and
// the change, which checked the old password before, is refused rather than silently undoing the recovery.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../db/demo-society/demo';
import { buildMember } from '../test/factories';
import { bearer, createTestApp, type TestApp } from '../test/test-app';

const CHANGED = 'velvet lantern harbor tea';
const RECOVERED = 'copper kettle midnight rain';

// Hashing the changed password waits until the test lets it go: the link is used in that window (argon2's hundreds
// of milliseconds in real life), every time rather than by luck.
const hashing = vi.hoisted(() => {
  const gate = () => {
    let resolve = () => {};
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };
  return { started: gate(), release: gate() };
});
vi.mock('./passwords', async (original) => {
  const real = await original<typeof import('./passwords')>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      const hash = await real.hashPassword(password);
      if (password === CHANGED) {
        hashing.started.resolve();
        await hashing.release.promise;
      }
      return hash;
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('a password change in flight while a reset link is used', () => {
  it('answers 409 and leaves the password set through the link', async () => {
    const real = await vi.importActual<typeof import('./passwords')>('./passwords');
    const email = `recovered${Date.now()}@guildhall.test`;
    const { id_user } = await buildMember(t.database.db, { email, password_hash: await real.hashPassword(DEMO_PASSWORD) });
    const session = await t.tokenFor(email);
    const admin = await t.tokenFor('admin@guildhall.test');
    const link = (await t.app.inject({ method: 'POST', url: `/api/users/${id_user}/set-password-link`, headers: bearer(admin) })).json()
      .result.url as string;

    const change = t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(session),
      payload: { currentPassword: DEMO_PASSWORD, newPassword: CHANGED, confirmPassword: CHANGED },
    });
    await hashing.started.promise;
    const set = await t.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ password: RECOVERED, confirm: RECOVERED }).toString(),
    });
    expect(set.statusCode, set.body).toBe(200);
    hashing.release.resolve();

    const res = await change;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('auth.password_changed');
    expect((await login(email, RECOVERED)).statusCode).toBe(200);
    expect((await login(email, CHANGED)).statusCode).toBe(401);
  });
});
