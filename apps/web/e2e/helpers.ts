import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { MAIL_SINK_DIR } from './mail-sink-address';

export const DEMO_PASSWORD = 'guildhall-demo';
export const MEMBER = 'member@guildhall.test';
export const STORYTELLER = 'storyteller@guildhall.test';
export const COORDINATOR = 'coordinator@guildhall.test';
export const ADMIN = 'admin@guildhall.test';

/** Signs in the way a member does: Login card → SSO sign-in page → back through the callback. */
export async function signIn(page: Page, email: string, opts: { from?: string; expectPath?: RegExp } = {}) {
  await page.goto(opts.from ?? '/login');
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('button', { name: 'Login with Portal' }).click();
  await expect(page.getByRole('heading', { name: 'Guildhall sign-in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(opts.expectPath ?? /\/overview$/);
}

/**
 * A one-time set-password link as a member follows it: the page, the new password twice, then on to the portal's
 * Login card and a sign-in with that password, landing on the overview.
 */
export async function setPasswordAndSignIn(page: Page, link: string, email: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Password set' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the portal' }).click();
  await page.getByRole('button', { name: 'Login with Portal' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/overview$/);
}

/** The bearer token and id of a signed-in account, through the API (for setting up a test's own data). */
export async function apiSession(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), `sign-in of ${email}`).toBe(true);
  const token = ((await res.json()) as { result: string }).result;
  const id = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { id: number }).id;
  return { token, id, headers: { authorization: `Bearer ${token}` } };
}

/** Issue 13: a member made by the administrator through POST /users, with their password set through the link. */
export async function createMemberWithPassword(
  request: APIRequestContext,
  fields: { id_location: number; user_fname: string; user_lname: string },
) {
  const admin = await apiSession(request, ADMIN);
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `e2e-${n}@example.test`;
  const created = await request.post('/api/users', {
    headers: admin.headers,
    data: { ...fields, user_camnum: `E2E${n}`, user_type: 'LARP', user_expiration: '2027-06-30', tbl_user_email: { email } },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const body = (await created.json()) as { result: { id_user: number; user_camnum: string }; extra: { setPasswordLink: { url: string } } };
  const password = 'quiet harbour lantern e2e';
  const set = await request.post(new URL(body.extra.setPasswordLink.url).pathname, { form: { password, confirm: password } });
  expect(set.ok()).toBe(true);
  return { id_user: body.result.id_user, user_camnum: body.result.user_camnum, email, password };
}

/** Issue 25: the newest e-mail the portal sent to `email` (through the e2e mail sink), waiting for it to arrive. */
export async function mailTo(email: string, opts: { subject?: RegExp; after?: number } = {}) {
  let found: { to: string; subject: string; text: string } | undefined;
  await expect
    .poll(
      () => {
        const names = readdirSync(MAIL_SINK_DIR).sort();
        for (const name of names.reverse()) {
          if (opts.after && Number(name.split('-')[0]) < opts.after) continue;
          const mail = JSON.parse(readFileSync(path.join(MAIL_SINK_DIR, name), 'utf8')) as { to: string; subject: string; text: string };
          if (mail.to === email && (!opts.subject || opts.subject.test(mail.subject))) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, message: `an e-mail to ${email}` },
    )
    .toBe(true);
  return found!;
}

/** The first link of the portal in an e-mail's text that matches `pattern`. */
export const linkIn = (text: string, pattern: RegExp) => pattern.exec(text)?.[0] ?? '';
