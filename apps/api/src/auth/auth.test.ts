// POST /auth/login, /auth/logout and the bearer token's checks (DESIGN §4), against a real database.
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/demo-society/demo';
import { bearer, createTestApp, type TestApp } from '../test/test-app';

const MEMBER = 'member@guildhall.test';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress: ip });

const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('POST /api/auth/login', () => {
  it('answers { result: <jwt> } whose id works for GET /user/{id}', async () => {
    const res = await login({ email: MEMBER, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const token = res.json().result as string;
    const claims = decode(token);
    expect(claims.id).toBe(await t.idOf(MEMBER));
    expect(claims).toMatchObject({ iss: t.config.publicUrl, aud: 'guildhall-api' });
    expect(typeof claims.sid).toBe('string');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(12 * 3600);
    const user = await t.app.inject({ method: 'GET', url: `/api/user/${claims.id}`, headers: bearer(token) });
    expect(user.statusCode).toBe(200);
    expect(user.json().result.tbl_user_email.email).toBe(MEMBER);
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const res = await login({ email: `  ${MEMBER.toUpperCase()} `, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const wrong = await login({ email: MEMBER, password: 'wrong-password' }, '10.0.1.1');
    const unknown = await login({ email: 'nobody@guildhall.test', password: 'wrong-password' }, '10.0.1.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Incorrect email or password.', code: 'auth.wrong_credentials' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rejects bad input with a 400 naming the field', async () => {
    const noEmail = await login({ password: 'x' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toMatch(/email/);
    expect(noEmail.json().errors[0].path).toBe('email');
    const badEmail = await login({ email: 'not-an-email', password: 'x' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toContain('must be a valid email');
    const noPassword = await login({ email: MEMBER });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors[0].path).toBe('password');
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('refuses __proto__ keys', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${MEMBER}","password":"x","__proto__":{"isAdmin":true}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await login({ email: MEMBER, password: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });

  it('limits failed sign-ins per address: the 11th within a minute gets 429 with Retry-After', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: `someone${i}@guildhall.test`, password: 'wrong' }, ip);
      expect(res.statusCode).toBe(401);
    }
    const eleventh = await login({ email: 'someone-else@guildhall.test', password: 'wrong' }, ip);
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(eleventh.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await login({ email: MEMBER, password: DEMO_PASSWORD }, '10.9.9.10')).statusCode).toBe(200);
  });

  it('counts an IPv6 line (its /64) as one address, and an IPv4 address written IPv6-mapped as itself', async () => {
    // One subscriber's /64 holds billions of addresses: a new one for each guess must not get past the limit.
    for (let i = 0; i < 10; i++) {
      expect((await login({ email: `v6-${i}@guildhall.test`, password: 'wrong' }, `2001:db8:5:7::${i + 1}`)).statusCode).toBe(401);
    }
    expect((await login({ email: 'v6-x@guildhall.test', password: 'wrong' }, '2001:db8:5:7:ffff::9')).statusCode).toBe(429);
    // The next /64 is another line.
    expect((await login({ email: MEMBER, password: DEMO_PASSWORD }, '2001:db8:5:8::1')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect((await login({ email: `v4-${i}@guildhall.test`, password: 'wrong' }, '10.5.5.5')).statusCode).toBe(401);
    }
    expect((await login({ email: 'v4-x@guildhall.test', password: 'wrong' }, '::ffff:10.5.5.5')).statusCode).toBe(429);
  });

  it('does not count successful sign-ins toward the limit', async () => {
    const ip = '10.8.8.8';
    for (let i = 0; i < 15; i++) {
      expect((await login({ email: MEMBER, password: DEMO_PASSWORD }, ip)).statusCode).toBe(200);
    }
    for (let i = 0; i < 9; i++) expect((await login({ email: `x${i}@guildhall.test`, password: 'wrong' }, ip)).statusCode).toBe(401);
    expect((await login({ email: MEMBER, password: DEMO_PASSWORD }, ip)).statusCode).toBe(200);
  });

  it('lets no more guesses from one address through than its limit when they are sent all at once, at many accounts', async () => {
    // Password spraying: one guess at each of many accounts, all at once, from one address.
    const burst = Array.from({ length: 25 }, (_, i) => login({ email: `sprayed${i}@guildhall.test`, password: 'Summer2024!' }, '10.4.4.4'));
    const statuses = (await Promise.all(burst)).map((res) => res.statusCode);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect((await login({ email: 'sprayed-late@guildhall.test', password: 'Summer2024!' }, '10.4.4.4')).statusCode).toBe(429);
  });

  it('backs off an account after 10 failures from any addresses', async () => {
    const email = 'coordinator@guildhall.test';
    for (let i = 0; i < 10; i++) expect((await login({ email, password: 'wrong' }, `10.7.0.${i}`)).statusCode).toBe(401);
    const locked = await login({ email, password: DEMO_PASSWORD }, '10.7.1.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('lets no more guesses at an account through than its limit when they are sent all at once', async () => {
    const email = 'storyteller@guildhall.test';
    const burst = (round: number) =>
      Promise.all(Array.from({ length: 25 }, (_, i) => login({ email, password: `wrong ${i}` }, `10.6.${round}.${i}`)));
    // A password checked answers 401; one refused before its check, 429. Two bursts: at most ten are checked in all.
    const statuses = [...(await burst(1)), ...(await burst(2))].map((res) => res.statusCode);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
  });
});

describe('bearer tokens', () => {
  let token: string;
  let id: number;
  beforeAll(async () => {
    token = await t.tokenFor(MEMBER);
    id = await t.idOf(MEMBER);
  });
  const getSelf = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: authorization ? { authorization } : {} });

  it('is required', async () => {
    const res = await getSelf();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });

  it('refuses alg:none', async () => {
    const claims = decode(token);
    const unsigned = new UnsecuredJWT({ id, sid: claims.sid })
      .setIssuer(t.config.publicUrl)
      .setAudience('guildhall-api')
      .setExpirationTime('1h')
      .encode();
    expect((await getSelf(`Bearer ${unsigned}`)).statusCode).toBe(401);
  });

  it('refuses a token signed with another key', async () => {
    const claims = decode(token);
    const forged = await new SignJWT({ id, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(t.config.publicUrl)
      .setAudience('guildhall-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await getSelf(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  it('refuses an edited payload', async () => {
    const [header, , signature] = token.split('.');
    const edited = Buffer.from(JSON.stringify({ ...decode(token), id: id + 1 })).toString('base64url');
    expect((await getSelf(`Bearer ${header}.${edited}.${signature}`)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const short = await createTestApp({ TOKEN_TTL_HOURS: '0.01' });
    try {
      const shortToken = await short.tokenFor(MEMBER);
      const claims = decode(shortToken);
      expect(Number(claims.exp) - Number(claims.iat)).toBe(36);
      const secrets = await import('../secrets').then((m) => m.loadSecrets(short.config.dataDir, {}));
      const expired = await new SignJWT({ id, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(short.config.publicUrl)
        .setAudience('guildhall-api')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(new TextEncoder().encode(secrets.tokenSecret));
      const res = await short.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(expired) });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('auth.token_expired');
    } finally {
      await short.close();
    }
  });

  it('is revoked at once by logout', async () => {
    const own = await t.tokenFor(MEMBER);
    expect((await getSelf(`Bearer ${own}`)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(own), payload: {} });
    expect(out.statusCode).toBe(200);
    // A password sign-in has no provider session to end.
    expect(out.json()).toEqual({ result: { endSessionUrl: null } });
    const again = await getSelf(`Bearer ${own}`);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('auth.session_revoked');
    // Other sessions of the same member go on.
    expect((await getSelf(`Bearer ${token}`)).statusCode).toBe(200);
  });

  it('logout needs a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} })).statusCode).toBe(401);
  });
});
