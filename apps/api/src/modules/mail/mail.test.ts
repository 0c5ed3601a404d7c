// Issue 25: messages reach a real SMTP server running inside the test — each kind with its recipient, subject,
// link and unsubscribe headers; an outage delays them; a 550 fails them with the reason in the outbox; two
// processes on one database deliver each once; a process killed mid-send leaves its message to be delivered.
import { MAIL_KINDS } from '@guildhall/shared/schemas/mail';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, mailOutbox, notifications } from '../../db/index';
import { buildLocation } from '../../test/factories';
import { askForReset, memberWithAddress, waitUntil } from '../../test/mail';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { bearer, createPortalOn, createTestApp, type TestApp } from '../../test/test-app';
import { notify, noticesTransaction } from '../notifications/notifications.service';
import { forgetDelivered, OUTBOX_KEEP_DAYS } from './mail.outbox';
import { renderMail } from './mail.render';
import { claimDue } from './mail.sender';
import { createMailTransport } from './mail.transport';

let t: TestApp;
let smtp: TestSmtp;
const society = 'Guild of Testers';
const env = () => ({
  SMTP_URL: smtp.url,
  SOCIETY_NAME: society,
  MAIL_FROM: 'Guild of Testers <portal@guild.test>',
  MAIL_SEND_INTERVAL_SECONDS: '0.2',
  MAIL_RETRY_SECONDS: '0.2',
});

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp(env());
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const memberWithEmail = () => memberWithAddress(t, 'mail');

const arrivedFor = (email: string) => smtp.received.filter((m) => m.to === email);
const statusOf = async (recipient: string) =>
  (await t.database.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.recipient, recipient))).map(
    (r) => r.status,
  );

describe('each kind of message', () => {
  it('arrives with the recipient, the society in the subject, the page link and one-click unsubscribe headers', async () => {
    const member = await memberWithEmail();
    const token = await t.sessionFor(member.id_user);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${member.id_user}/mail-preferences`,
      headers: bearer(token),
      payload: { preferences: MAIL_KINDS.map((kind) => ({ kind, delivery: 'immediately' })) },
    });
    expect(put.statusCode).toBe(200);
    for (const kind of MAIL_KINDS) {
      await noticesTransaction(t.database.db, (tx) =>
        notify(tx, member.id_user, { kind, message: `A ${kind} message for <Ada & "Bob">. More text.`, link: `/page/${kind}` }),
      );
    }
    await waitUntil(() => arrivedFor(member.email).length === MAIL_KINDS.length);
    for (const kind of MAIL_KINDS) {
      const mail = arrivedFor(member.email).find((m) => m.text.includes(`A ${kind} message`))!;
      expect(mail.subject).toBe(`${society}: A ${kind} message for <Ada & "Bob">.`);
      expect(mail.text).toContain(`${t.config.publicUrl}/page/${kind}`);
      expect(mail.html).toContain('for &lt;Ada &amp; &quot;Bob&quot;&gt;');
      expect(mail.html).not.toContain('<Ada');
      expect(mail.header('list-unsubscribe')).toMatch(new RegExp(`^<${t.config.publicUrl}/api/mail/unsubscribe/[A-Za-z0-9_-]{43}>$`));
      expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    }
    // The server has each message before the sender records it as sent: wait for the records too.
    await waitUntil(async () => (await statusOf(member.email)).every((status) => status === 'sent'));
    expect(await statusOf(member.email)).toEqual(MAIL_KINDS.map(() => 'sent'));
  });

  it('a game’s notice (cancelled, moved, a place opened) is e-mailed at once to a member who chose nothing', async () => {
    const member = await memberWithEmail();
    const message = 'The Midnight Court on 2031-03-07 is cancelled.';
    await noticesTransaction(t.database.db, (tx) => notify(tx, member.id_user, { kind: 'game', message, link: '/games/1' }));
    await waitUntil(() => arrivedFor(member.email).length === 1);
    expect(arrivedFor(member.email)[0]!.subject).toBe(`${society}: ${message}`);
  });

  it('a new member receives their set-password link from the administrator who created them', async () => {
    const admin = await t.tokenFor('admin@guildhall.test');
    const home = await buildLocation(t.database.db);
    const email = `new${Date.now()}@example.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(admin),
      payload: {
        user_fname: 'Nadia',
        user_lname: 'Petrova',
        user_type: 'LARP',
        user_expiration: '2030-11-30',
        id_location: home.id_location,
        tbl_user_email: { email },
      },
    });
    expect(res.statusCode).toBe(200);
    const link = res.json().extra.setPasswordLink.url as string;
    await waitUntil(() => arrivedFor(email).length === 1);
    const [mail] = arrivedFor(email);
    expect(mail!.subject).toBe(`${society}: Set your password`);
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain('Welcome, Nadia');
    // An account message cannot be stopped, and its link is not kept once delivered.
    expect(mail!.header('list-unsubscribe')).toBeUndefined();
    await waitUntil(async () => (await statusOf(email))[0] === 'sent');
    const [row] = await t.database.db.select({ link: mailOutbox.link }).from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(row!.link).toBeNull();
  });

  it('a member who asks for a password reset receives the link, and administrators are no longer handed it', async () => {
    const member = await memberWithEmail();
    const res = await askForReset(t, member.email, '10.77.0.1');
    expect(res.statusCode).toBe(200);
    await waitUntil(() => arrivedFor(member.email).length === 1);
    const [mail] = arrivedFor(member.email);
    expect(mail!.subject).toBe(`${society}: Reset your password`);
    expect(mail!.text).toMatch(new RegExp(`${t.config.publicUrl}/set-password/[A-Za-z0-9_-]{43}`));
    const handed = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.kind, 'password_reset'), like(notifications.message, `%${member.email}%`)));
    expect(handed).toEqual([]);
  });
});

describe('delivery', () => {
  it('holds messages while the mail server is down and delivers them once it is back', async () => {
    const member = await memberWithEmail();
    await smtp.stop();
    await noticesTransaction(t.database.db, (tx) =>
      notify(tx, member.id_user, { kind: 'approval', message: 'During the outage.', link: '/x' }),
    );
    await waitUntil(async () => {
      const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, member.email));
      return (row?.attempts ?? 0) >= 2 && row?.status === 'queued';
    });
    const [waiting] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, member.email));
    expect(waiting!.last_error).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);
    await smtp.start();
    await waitUntil(() => arrivedFor(member.email).length === 1, 15_000);
    await waitUntil(async () => (await statusOf(member.email))[0] === 'sent');
  });

  it('marks a message the server refuses with 550 as failed, with the reason on the outbox page', async () => {
    const member = await memberWithEmail();
    smtp.refuse.set(member.email, 'No such mailbox here');
    await noticesTransaction(t.database.db, (tx) => notify(tx, member.id_user, { kind: 'approval', message: 'Refused.', link: '/x' }));
    await waitUntil(async () => (await statusOf(member.email))[0] === 'failed');
    const admin = await t.tokenFor('admin@guildhall.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/mail/outbox?status=failed&count=100', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const row = res.json().result.rows.find((r: { recipient: string }) => r.recipient === member.email);
    expect(row).toMatchObject({ status: 'failed', kind: 'approval', attempts: 1 });
    expect(row.last_error).toContain('550');
    expect(row.last_error).toContain('No such mailbox here');
    expect(arrivedFor(member.email)).toEqual([]);
  });

  it('two API processes on one database deliver each of 40 messages exactly once', async () => {
    const other = await createPortalOn(t, { ...env(), PUBLIC_URL: t.config.publicUrl }, { ownPool: true });
    try {
      const members = await Promise.all(Array.from({ length: 40 }, () => memberWithEmail()));
      await noticesTransaction(t.database.db, async (tx) => {
        for (const m of members) await notify(tx, m.id_user, { kind: 'approval', message: `Once for ${m.email}.`, link: '/x' });
      });
      await Promise.all([t.app.mailer.drain(), other.app.mailer.drain(), t.app.mailer.drain(), other.app.mailer.drain()]);
      await waitUntil(() => members.every((m) => arrivedFor(m.email).length >= 1));
      await new Promise((r) => setTimeout(r, 500));
      for (const m of members) expect(arrivedFor(m.email)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('a process killed mid-send', () => {
  it('leaves its claim to expire; another process then delivers the message (no duplicate when it died before sending)', async () => {
    const member = await memberWithEmail();
    // A process with a 1-second lease takes the message and dies before sending: only the claim remains.
    const dead = await createPortalOn(t, { ...env(), MAIL_SEND_INTERVAL_SECONDS: '0', MAIL_LEASE_SECONDS: '1' });
    await dead.close();
    // Claimed in the transaction that writes it, as the dying process would have: the live sender, nudged by the
    // commit, must not take it first.
    const claimed = await noticesTransaction(t.database.db, async (tx) => {
      await notify(tx, member.id_user, { kind: 'approval', message: 'Survives a crash.', link: '/x' });
      return claimDue(tx as unknown as Db, 100, 1);
    });
    const ids = (await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.recipient, member.email))).map(
      (r) => r.id,
    );
    expect(claimed.map((c) => c.id)).toEqual(expect.arrayContaining(ids));
    await t.app.mailer.drain();
    expect(arrivedFor(member.email)).toEqual([]);
    // After the lease the live process's sender takes it over.
    await waitUntil(() => arrivedFor(member.email).length === 1, 5_000);
    await waitUntil(async () => (await statusOf(member.email))[0] === 'sent');
    const [row] = await t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(row!.attempts).toBe(2);
  });

  it('delivers it a second time when it died after the server accepted it: the one duplicate, with the same Message-ID', async () => {
    const member = await memberWithEmail();
    // The dying process: its claim (1-second lease, taken as the message is written, before the live sender can),
    // its delivery, and no record of it.
    const claimed = await noticesTransaction(t.database.db, async (tx) => {
      await notify(tx, member.id_user, { kind: 'approval', message: 'Sent twice.', link: '/x' });
      return claimDue(tx as unknown as Db, 100, 1);
    });
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, member.email));
    expect(claimed.map((c) => c.id)).toContain(row!.id);
    const transport = createMailTransport(t.config.mail, { info() {} });
    await transport.send({ ...renderMail(row!, { societyName: society, publicUrl: t.config.publicUrl }), loggable: false });
    transport.close();
    await waitUntil(() => arrivedFor(member.email).length === 2, 5_000);
    const [first, second] = arrivedFor(member.email);
    expect(second!.header('message-id')).toBe(first!.header('message-id'));
    await waitUntil(async () => (await statusOf(member.email))[0] === 'sent');
    const [settled] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(settled!.attempts).toBe(2);
  });
});

describe('the outbox', () => {
  it(`forgets delivered messages after ${OUTBOX_KEEP_DAYS} days and keeps the others`, async () => {
    const member = await memberWithEmail();
    await noticesTransaction(t.database.db, (tx) => notify(tx, member.id_user, { kind: 'approval', message: 'Old news.', link: '/x' }));
    await waitUntil(async () => (await statusOf(member.email))[0] === 'sent');
    const later = (days: number) => new Date(Date.now() + days * 86_400_000);
    expect(await forgetDelivered(t.database.db, later(OUTBOX_KEEP_DAYS - 1))).toBe(0);
    expect(await forgetDelivered(t.database.db, later(OUTBOX_KEEP_DAYS + 1))).toBeGreaterThanOrEqual(1);
    expect(await statusOf(member.email)).toEqual([]);
    const [failedKept] = await t.database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'failed'));
    expect(Number(failedKept!.n)).toBeGreaterThanOrEqual(1);
  });
});
