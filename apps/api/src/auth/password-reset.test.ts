// Issue 23: "Forgot password?" on the embedded sign-in page. The member asks with their email; the answer never
// says whether the address is known; a one-time link valid for an hour goes where administrators' links go
// (the administrators' notifications) until e-mail exists; setting the password through the link ends the member's
// sessions, the API's and the provider's. Its limits and its log: password-reset-limits.test.ts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../db/demo-society/demo';
import { buildMember } from '../test/factories';
import { Browser, type Flow, signInAtProvider, startFlow } from '../test/oidc-flow';
import { rows, scalar } from '../test/sql';
import { askForReset } from '../test/password-reset';
import { bearer, createListeningTestApp, type TestApp } from '../test/test-app';
import { hashPassword } from './passwords';
import { signInPage } from './sso-page';

let t: TestApp;
let base: string;
let ipCounter = 0;
/** A fresh client address per request group, so the per-address limit only bites where a test wants it. */
const freshIp = () => `10.23.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  ({ t, base } = await createListeningTestApp());
});
afterAll(async () => {
  await t?.close();
});

const ask = (email: string, ip = freshIp()) => askForReset(t, email, ip);

const setPassword = (url: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ password, confirm: password }).toString(),
  });

// The demo password, so the scripted browser signs the member in at the provider.
const PASSWORD = DEMO_PASSWORD;

const emailOf = async (id_user: number) =>
  (await rows<{ email: string }>(t.database.db, sql`select email from user_emails where id_user = ${id_user}`))[0]!.email;

/** A member with a password. */
async function memberWithPassword() {
  const member = await buildMember(t.database.db, { password_hash: await hashPassword(PASSWORD) });
  return { ...member, email: await emailOf(member.id_user) };
}

const administrators = () =>
  rows<{ id_user: number }>(t.database.db, sql`select id_user from users where is_admin and not is_disabled order by id_user`);

/** The administrators' notifications about this member's reset (named by their email). */
async function resetNotices(email: string) {
  return rows<{ id_user: number; message: string }>(
    t.database.db,
    sql`select id_user, message from notifications where kind = 'password_reset' and message like ${`%${email}%`} order by id`,
  );
}

/** Waits for the link the administrators were handed for this member (the newest). */
async function linkFor(email: string, count = 1): Promise<string> {
  let notices: { id_user: number; message: string }[] = [];
  await vi.waitFor(
    async () => {
      notices = await resetNotices(email);
      expect(notices.length).toBe(count * (await administrators()).length);
    },
    { timeout: 5_000 },
  );
  const url = /(https?:\/\/\S+\/set-password\/[A-Za-z0-9_-]+)/.exec(notices.at(-1)!.message)?.[1];
  expect(url).toBeTruthy();
  return url!;
}

describe('the request page', () => {
  it('is linked from the sign-in page as "Forgot password?"', () => {
    expect(signInPage({ action: '/interaction/x/login' })).toContain('<a href="/forgot-password">Forgot password?</a>');
  });

  it('asks for the email in a plain form: no script, no inline style (the strict CSP)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/forgot-password' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<form method="post" action="/forgot-password"');
    expect(res.body).toContain('name="email"');
    expect(res.body).not.toMatch(/<script|style=|<style/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("style-src 'self'");
  });

  it('answers an empty email with 400 and the form again, saying what is missing', async () => {
    const res = await ask('  ');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please enter your email address.');
    expect(res.body).toContain('name="email"');
  });
});

describe('the answer never tells whether the address is known', () => {
  it('answers a known and an unknown address alike, and only the known one gets a link', async () => {
    const member = await memberWithPassword();
    const tokensBefore = await scalar(t.database.db, sql`select count(*)::int from password_setup_tokens`);
    const known = await ask(member.email.toUpperCase());
    const unknown = await ask('nobody-at-all@guildhall.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.body).toContain('If an account uses this address');
    await linkFor(member.email);
    expect(await scalar(t.database.db, sql`select count(*)::int from password_setup_tokens`)).toBe(tokensBefore + 1);
  });

  it('answers a disabled member’s address alike and issues nothing', async () => {
    const member = await buildMember(t.database.db, { is_disabled: true });
    const res = await ask(await emailOf(member.id_user));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe((await ask('nobody-else@guildhall.test')).body);
    await new Promise((r) => setTimeout(r, 300));
    expect(await scalar(t.database.db, sql`select count(*)::int from password_setup_tokens where id_user = ${member.id_user}`)).toBe(0);
  });
});

describe('the link', () => {
  it('goes to every administrator as a notification naming the member, and is stored hashed for one hour', async () => {
    const member = await memberWithPassword();
    await ask(member.email);
    const url = await linkFor(member.email);
    const notices = await resetNotices(member.email);
    expect(notices.map((n) => n.id_user)).toEqual((await administrators()).map((a) => a.id_user));
    expect(notices[0]!.message).toContain(`${member.user_fname} ${member.user_lname}`);
    expect(notices[0]!.message).toContain(member.email);
    const token = url.split('/').at(-1)!;
    const [stored] = await rows<{ token_hash: string; minutes: number }>(
      t.database.db,
      sql`select token_hash, extract(epoch from (expires_at - now())) / 60 as minutes from password_setup_tokens where id_user = ${member.id_user}`,
    );
    expect(stored!.token_hash).not.toContain(token);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(stored!.minutes)).toBeGreaterThan(59);
    expect(Number(stored!.minutes)).toBeLessThanOrEqual(60);
  });

  it('opens the set-password page, sets the new password once, and then has expired', async () => {
    const member = await memberWithPassword();
    await ask(member.email);
    const url = await linkFor(member.email);
    const page = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Set your password');
    const set = await setPassword(url, 'amber fox quietly jumps');
    expect(set.statusCode).toBe(200);
    expect(set.body).toContain('Password set');
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password } });
    expect((await login('amber fox quietly jumps')).statusCode).toBe(200);
    expect((await login(PASSWORD)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(410);
    expect((await setPassword(url, 'another fine phrase here')).statusCode).toBe(410);
  });

  it('has expired after an hour', async () => {
    const member = await memberWithPassword();
    await ask(member.email);
    const url = await linkFor(member.email);
    await t.database.db.execute(
      sql`update password_setup_tokens set expires_at = now() - interval '1 second' where id_user = ${member.id_user} and used_at is null`,
    );
    const page = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Link expired');
    expect((await setPassword(url, 'amber fox quietly jumps')).statusCode).toBe(410);
  });

  it('a newer request retires the member’s earlier reset link', async () => {
    const member = await memberWithPassword();
    await ask(member.email);
    const first = await linkFor(member.email);
    await ask(member.email);
    const second = await linkFor(member.email, 2);
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: new URL(first).pathname })).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: new URL(second).pathname })).statusCode).toBe(200);
  });
});

describe('every other link of the member stops working', () => {
  const admin = () => t.tokenFor('admin@guildhall.test');
  const administratorsLink = async (id_user: number) =>
    (await t.app.inject({ method: 'POST', url: `/api/users/${id_user}/set-password-link`, headers: bearer(await admin()) })).json().result
      .url as string;
  const opens = async (url: string) => (await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode;

  it('once a link set the password: an administrator’s link sent before is used up too', async () => {
    const member = await memberWithPassword();
    const sent = await administratorsLink(member.id_user);
    await ask(member.email);
    expect((await setPassword(await linkFor(member.email), 'amber fox quietly jumps')).statusCode).toBe(200);
    expect(await opens(sent)).toBe(410);
  });

  it('once the member changed their password in Utilities', async () => {
    const member = await memberWithPassword();
    await ask(member.email);
    const link = await linkFor(member.email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(await t.sessionFor(member.id_user)),
      payload: { currentPassword: PASSWORD, newPassword: 'harbor velvet lantern tea', confirmPassword: 'harbor velvet lantern tea' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await opens(link)).toBe(410);
  });

  it('once the member was deactivated, even after they are reactivated', async () => {
    const member = await memberWithPassword();
    const sent = await administratorsLink(member.id_user);
    for (const step of ['deactivate', 'reactivate'])
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/users/${member.id_user}/${step}`, headers: bearer(await admin()), payload: {} }))
          .statusCode,
      ).toBe(200);
    expect(await opens(sent)).toBe(410);
  });
});

describe('a reset ends the member’s sessions and their calendar address', () => {
  it('a token from before the reset answers 401, and the provider asks for the password again', async () => {
    const member = await memberWithPassword();
    // Signed in at the provider (its session) and in the portal (an API token).
    const browser = new Browser();
    const flow = (await startFlow(base, { browser })) as Flow;
    await signInAtProvider(flow, member.email);
    const second = (await startFlow(base, { browser, prompt: null })) as URL;
    expect(second).toBeInstanceOf(URL);
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: PASSWORD } });
    const old = signedIn.json().result as string;
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${member.id_user}`, headers: bearer(old) })).statusCode).toBe(200);
    // The private calendar address taken with that session (a bearer secret too) stops answering with it.
    const renewed = await t.app.inject({ method: 'POST', url: '/api/calendar/feed/renew', headers: bearer(old), payload: {} });
    const calendar = new URL(renewed.json().result.url as string).pathname;
    expect((await t.app.inject({ method: 'GET', url: calendar })).statusCode).toBe(200);

    await ask(member.email);
    expect((await setPassword(await linkFor(member.email), 'amber fox quietly jumps')).statusCode).toBe(200);

    const after = await t.app.inject({ method: 'GET', url: `/api/user/${member.id_user}`, headers: bearer(old) });
    expect(after.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: calendar })).statusCode).toBe(404);
    expect(await startFlow(base, { browser, prompt: null })).not.toBeInstanceOf(URL);
  });

  it('a sign-in through the provider with the new password works', async () => {
    const member = await memberWithPassword();
    await ask(member.email);
    await setPassword(await linkFor(member.email), 'amber fox quietly jumps');
    const flow = (await startFlow(base)) as Flow;
    const res = await flow.browser.fetch(`${flow.interactionUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: member.email, password: 'amber fox quietly jumps' }).toString(),
    });
    expect(res.status).toBe(303);
  });
});
