// Issue 25: only the recipient's own refusal counts against their address. A mail server that refuses the portal
// itself (a wrong or expired SMTP password at AUTH, a sender address it will not send for at MAIL FROM) answers
// 5xx too: those messages wait and are retried, and no member's address is marked as bouncing. And an address that
// is marked still gets the account messages the member needs to mend their account.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailAddressMarks, mailOutbox } from '../../db/index';
import { askForReset, memberWithAddress, useMailTestApp, waitUntil } from '../../test/mail';
import type { TestSmtp } from '../../test/smtp';
import { bearer, type TestApp } from '../../test/test-app';
import { notify, noticesTransaction } from '../notifications/notifications.service';

let t: TestApp;
let smtp: TestSmtp;
const login = 'portal';
const sender = 'portal@guild.test';

useMailTestApp(
  (server) => ({
    SMTP_URL: `smtp://${login}:secret@127.0.0.1:${server.port}`,
    MAIL_FROM: `Guild of Testers <${sender}>`,
    MAIL_BOUNCE_LIMIT: '3',
  }),
  (opened) => ({ t, smtp } = opened),
);

const arrivedFor = (email: string) => smtp.received.filter((m) => m.to === email);
const rowsFor = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
const bouncing = async (m: { id_user: number; token: string }) =>
  (await t.app.inject({ method: 'GET', url: `/api/user/${m.id_user}/mail-preferences`, headers: bearer(m.token) })).json().result
    .bouncing as boolean;
const tellThrice = async (id_user: number) => {
  for (const n of [1, 2, 3])
    await noticesTransaction(t.database.db, (tx) => notify(tx, id_user, { kind: 'approval', message: `Notice ${n}.` }));
};

describe('a mail server that refuses the portal, not the member', () => {
  it.each([
    { what: 'a refused login (an expired SMTP password)', refusal: () => smtp.refuseLogin, key: login, command: 'AUTH' },
    { what: 'a refused sender (MAIL FROM not verified)', refusal: () => smtp.refuseSender, key: sender, command: 'MAIL FROM' },
  ])('$what: the messages are retried, the address is not marked, and they arrive once it is mended', async (c) => {
    const m = await memberWithAddress(t, 'refusal');
    c.refusal().set(c.key, 'Not accepted from you');
    try {
      await tellThrice(m.id_user);
      // Settled after a retry (queued again), or given up (failed).
      let rows: Awaited<ReturnType<typeof rowsFor>> = [];
      await waitUntil(async () => {
        rows = await rowsFor(m.email);
        return rows.every((r) => r.status === 'failed' || (r.status === 'queued' && r.attempts >= 2));
      });
      expect(rows.map((r) => r.status)).toEqual(['queued', 'queued', 'queued']);
      for (const r of rows) expect(r.last_error).toMatch(new RegExp(`^${c.command}.*5\\d\\d.*Not accepted from you`));
      expect(await bouncing(m)).toBe(false);
      expect(await t.database.db.select().from(mailAddressMarks).where(eq(mailAddressMarks.email, m.email))).toEqual([]);
    } finally {
      c.refusal().delete(c.key);
    }
    await waitUntil(() => arrivedFor(m.email).length === 3);
  });
});

describe('an address marked as bouncing', () => {
  it('still gets the password reset the member asks for, and the delivery lifts the mark', async () => {
    const m = await memberWithAddress(t, 'marked');
    smtp.refuse.set(m.email, 'Mailbox full');
    await tellThrice(m.id_user);
    await waitUntil(() => bouncing(m));
    smtp.refuse.delete(m.email);
    expect((await askForReset(t, m.email, '10.78.0.1')).statusCode).toBe(200);
    const reset = () =>
      t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, m.email), eq(mailOutbox.kind, 'account')));
    await waitUntil(async () => ['sent', 'failed'].includes((await reset())[0]?.status ?? ''));
    expect((await reset())[0]).toMatchObject({ status: 'sent', last_error: null });
    expect(arrivedFor(m.email).map((mail) => mail.subject)).toEqual([expect.stringContaining('Reset your password')]);
    expect(await bouncing(m)).toBe(false);
  });
});
