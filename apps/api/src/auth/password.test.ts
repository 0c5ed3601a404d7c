// POST /auth/password: the embedded SSO password changes for real; the old one and other sessions end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/demo-society/demo';
import { bearer, createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const change = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password', headers: bearer(token), payload });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const NEW = 'velvet lantern harbor tea';

describe('POST /api/auth/password', () => {
  it('changes the password: the old one is refused, the new one works, other sessions end and this one goes on', async () => {
    const email = 'storyteller@guildhall.test';
    const current = await t.tokenFor(email);
    const other = await t.tokenFor(email);
    const id = await t.idOf(email);
    const res = await change(current, { currentPassword: DEMO_PASSWORD, newPassword: NEW, confirmPassword: NEW });
    expect(res.statusCode).toBe(200);
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(other) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(current) })).statusCode).toBe(200);
  });

  it('refuses a wrong current password with a sentence that names the field', async () => {
    const token = await t.tokenFor('member@guildhall.test');
    const res = await change(token, { currentPassword: 'not-it', newPassword: NEW, confirmPassword: NEW });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'currentPassword', message: 'The current password is not right.' }]);
  });

  it.each([
    [{ newPassword: 'short', confirmPassword: 'short' }, 'newPassword', 'Use at least 8 characters.'],
    [{ newPassword: 'password123', confirmPassword: 'password123' }, 'newPassword', 'This password is too common or too easy to guess.'],
    [{ newPassword: 'morganhale', confirmPassword: 'morganhale' }, 'newPassword', 'This password is too common or too easy to guess.'],
    [{ newPassword: NEW, confirmPassword: 'something else' }, 'confirmPassword', 'the passwords do not match'],
    [{ newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD }, 'newPassword', 'The new password must differ from the current one.'],
  ])('refuses %j naming %s', async (change_, path, message) => {
    const token = await t.tokenFor('member@guildhall.test');
    const res = await change(token, { currentPassword: DEMO_PASSWORD, ...change_ });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path, message });
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/password', payload: {} })).statusCode).toBe(401);
  });
});
