// The e-mail tests' helpers: a member with an address of their own (the test SMTP server tells mail apart by its
// recipient), and waiting for what the sender does in the background.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { userEmails } from '../db/index';
import { buildMember } from './factories';
import { startTestSmtp, type TestSmtp } from './smtp';
import { createTestApp, type TestApp } from './test-app';

/**
 * A test app whose mail goes to a test SMTP server, the sender looking every 0.2 s and retrying after 0.2 s; opened
 * before the file's tests (`opened` receives it), closed after them. `env` may name the server's login (SMTP_URL).
 */
export function useMailTestApp(env: (smtp: TestSmtp) => Record<string, string>, opened: (app: { t: TestApp; smtp: TestSmtp }) => void) {
  let t: TestApp | undefined;
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_SEND_INTERVAL_SECONDS: '0.2', MAIL_RETRY_SECONDS: '0.2', ...env(smtp) });
    opened({ t, smtp });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });
}

let seq = 0;
/** A new member whose address (`{prefix}{n}.{time}@example.test`) no other test uses, with a signed-in token. */
export async function memberWithAddress(t: TestApp, prefix: string) {
  const email = `${prefix}${++seq}.${Date.now()}@example.test`;
  const member = await buildMember(t.database.db);
  await t.database.db.update(userEmails).set({ email }).where(eq(userEmails.id_user, member.id_user));
  return { ...member, email, token: await t.sessionFor(member.id_user) };
}

/** Resolves once `check` holds; fails after `timeoutMs`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The sign-in page's "Forgot password?" for `email`, from a client address of the test's own (requests are limited per address). */
export const askForReset = (t: TestApp, email: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/forgot-password',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email }).toString(),
  });
