// Issue 26: imported members get their set-password e-mail only when the administrator asks for it, through a real
// SMTP server: without send_links no message is queued or sent; with it each newly created member gets exactly one,
// with a link that opens the set-password page, and members the file leaves unchanged get none. A file that changes
// a member's address tells the former one, as the profile's save does.
import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/index';
import { buildLocation } from '../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { importRequest } from '../../test/imports';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let smtp: TestSmtp;
let token: Record<string, string>;
const tag = `${Date.now() % 1e8}`;
const code = `MAIL${tag}`;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_SEND_INTERVAL_SECONDS: '0.2', MAIL_RETRY_SECONDS: '0.2' });
  ({ token } = await t.accounts('admin'));
  await buildLocation(t.database.db, { location_code: code });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const email = (n: number) => `linked.${n}.${tag}@example.test`;
const file = (...ns: number[]) =>
  [
    'membership_number,first_name,last_name,email,type,expiry,domain_code',
    ...ns.map((n) => `L${tag}${n},Lin,Ked ${n},${email(n)},LARP,2027-11-30,${code}`),
  ].join('\n');
const apply = async (csv: string, send_links: boolean) => {
  const res = await t.app.inject(importRequest({ kind: 'members', csv, dry_run: false, send_links }, bearer(token.admin!)));
  expect(res.statusCode).toBe(200);
  return res.json().result;
};
const queued = () =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.recipient, `linked.%.${tag}@example.test`));
const arrived = () => smtp.received.filter((m) => m.to.endsWith(`.${tag}@example.test`));
/** The sender runs every 0.2 s: a few rounds show that nothing more is coming. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('set-password e-mails for imported members', () => {
  it('sends none when the administrator does not ask for them', async () => {
    expect(await apply(file(1, 2), false)).toMatchObject({ applied: true, created: 2 });
    await settle();
    expect(await queued()).toEqual([]);
    expect(arrived()).toEqual([]);
  });

  it('sends exactly one to each newly created member, with a working link, and none to unchanged ones', async () => {
    expect(await apply(file(1, 2, 3, 4), true)).toMatchObject({ applied: true, created: 2, skipped: 2 });
    await expect.poll(() => arrived().length, { timeout: 10_000 }).toBe(2);
    await settle();
    expect(
      arrived()
        .map((m) => m.to)
        .sort(),
    ).toEqual([email(3), email(4)]);
    expect(arrived().every((m) => m.subject.endsWith('Set your password'))).toBe(true);
    for (const mail of arrived()) {
      const link = new RegExp(`${t.config.publicUrl}/set-password/[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
      expect(link, mail.text).toBeDefined();
      const page = await t.app.inject({ method: 'GET', url: new URL(link!).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Set your password');
    }
    const rows = await queued();
    expect(rows.map((r) => r.recipient).sort()).toEqual([email(3), email(4)]);

    expect(await apply(file(1, 2, 3, 4), true)).toMatchObject({ applied: true, created: 0, skipped: 4 });
    await settle();
    expect(arrived()).toHaveLength(2);
    expect(
      await t.database.db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.recipient, [1, 2, 3, 4].map(email))),
    ).toHaveLength(2);
  });

  it('tells the former address when a file changes a member’s address, and the link sent there stops working', async () => {
    expect(await apply(file(5), true)).toMatchObject({ applied: true, created: 1 });
    await expect.poll(() => arrived().filter((m) => m.to === email(5)).length, { timeout: 10_000 }).toBe(1);
    const link = new RegExp(`${t.config.publicUrl}/set-password/[A-Za-z0-9_-]{43}`).exec(
      arrived().find((m) => m.to === email(5))!.text,
    )![0];
    const moved = file(5).replace(email(5), `moved.5.${tag}@example.test`);
    expect(await apply(moved, false)).toMatchObject({ applied: true, updated: 1 });
    await expect
      .poll(() => arrived().filter((m) => m.to === email(5) && m.subject.endsWith('Your e-mail address was changed')).length, {
        timeout: 10_000,
      })
      .toBe(1);
    expect((await t.app.inject({ method: 'GET', url: new URL(link).pathname })).statusCode).toBe(410);
  });
});
