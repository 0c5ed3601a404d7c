// Issue 25: the member decides per kind — at once, in a daily digest, or never; one-click unsubscribe works
// without signing in and stops only that kind; an address that keeps bouncing is marked and spared until the
// member confirms it.
import { DEFAULT_MAIL_DELIVERY, MAIL_KINDS } from '@guildhall/shared/schemas/mail';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, userEmails } from '../../db/index';
import { memberWithAddress, waitUntil } from '../../test/mail';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { bearer, createTestApp, matrixAccounts, type TestApp } from '../../test/test-app';
import { notify, noticesTransaction } from '../notifications/notifications.service';

let t: TestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_SEND_INTERVAL_SECONDS: '0.2', MAIL_RETRY_SECONDS: '0.2', MAIL_BOUNCE_LIMIT: '2' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

async function coordinatorAccounts() {
  const m = await matrixAccounts(t);
  return { ...m, outCoordinator: { id_user: m.id.outCoordinator!, token: m.token.outCoordinator! } };
}

const member = () => memberWithAddress(t, 'pref');
const arrivedFor = (email: string) => smtp.received.filter((m) => m.to === email);
const tell = (id_user: number, kind: string, message: string) =>
  noticesTransaction(t.database.db, (tx) => notify(tx, id_user, { kind, message, link: '/overview' }));
const prefs = (m: { id_user: number; token: string }, id = m.id_user) =>
  t.app.inject({ method: 'GET', url: `/api/user/${id}/mail-preferences`, headers: bearer(m.token) });
const put = (m: { id_user: number; token: string }, preferences: unknown, id = m.id_user) =>
  t.app.inject({ method: 'PUT', url: `/api/user/${id}/mail-preferences`, headers: bearer(m.token), payload: { preferences } });

describe('GET and PUT /api/user/{id}/mail-preferences', () => {
  it('shows the defaults (officers’ work and reminders at once, the rest in the digest) and keeps a change', async () => {
    const m = await member();
    const res = await prefs(m);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({
      preferences: MAIL_KINDS.map((kind) => ({ kind, delivery: DEFAULT_MAIL_DELIVERY[kind] })),
      bouncing: false,
      email: m.email,
    });
    expect(DEFAULT_MAIL_DELIVERY).toMatchObject({ approval: 'immediately', membership: 'immediately', prestige: 'digest' });
    expect((await put(m, [{ kind: 'prestige', delivery: 'never' }])).statusCode).toBe(200);
    const after = (await prefs(m)).json().result.preferences;
    expect(after.find((p: { kind: string }) => p.kind === 'prestige').delivery).toBe('never');
    expect(after.find((p: { kind: string }) => p.kind === 'approval').delivery).toBe('immediately');
  });

  it('answers a delivery that does not exist with a 400 naming the field', async () => {
    const m = await member();
    const res = await put(m, [{ kind: 'approval', delivery: 'weekly' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('preferences.0.delivery');
    const twice = await put(m, [
      { kind: 'approval', delivery: 'never' },
      { kind: 'approval', delivery: 'digest' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0].path).toBe('preferences');
  });

  it("refuses another member's settings (403), and a missing member is a 404 for an administrator", async () => {
    const a = await member();
    const b = await member();
    expect((await prefs(a, b.id_user)).statusCode).toBe(403);
    expect((await put(a, [{ kind: 'approval', delivery: 'never' }], b.id_user)).statusCode).toBe(403);
    const admin = { id_user: 0, token: await t.tokenFor('admin@guildhall.test') };
    expect((await prefs(admin, b.id_user)).statusCode).toBe(200);
    expect((await prefs(admin, 2_000_000_000)).statusCode).toBe(404);
  });
});

describe("a member's coordinator", () => {
  it('sees whether the address bounces but may not change the settings; a coordinator elsewhere sees nothing', async () => {
    const { id, token, outCoordinator } = await coordinatorAccounts();
    const coordinator = { id_user: id.coordinator!, token: token.coordinator! };
    const res = await prefs(coordinator, id.member);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.bouncing).toBe(false);
    expect(res.json().extra.abilities).toEqual([]);
    expect((await put(coordinator, [{ kind: 'approval', delivery: 'never' }], id.member)).statusCode).toBe(403);
    expect((await prefs(outCoordinator, id.member)).statusCode).toBe(403);
  });
});

describe('the daily digest', () => {
  it("holds the day's messages of the kinds set to digest and sends them as one message, once", async () => {
    const m = await member();
    await put(m, [{ kind: 'approval', delivery: 'digest' }]);
    await tell(m.id_user, 'approval', 'First news.');
    await tell(m.id_user, 'prestige', 'Second news.');
    await tell(m.id_user, 'transfer', 'Not for the digest.');
    await waitUntil(() => arrivedFor(m.email).length === 1);
    expect(arrivedFor(m.email)[0]!.text).toContain('Not for the digest.');
    const tomorrow = new Date(Date.now() + 86_400_000);
    tomorrow.setUTCHours(t.config.mail.digestHourUtc, 5);
    expect(await t.app.mailer.writeDigests(tomorrow)).toBeGreaterThanOrEqual(1);
    await waitUntil(() => arrivedFor(m.email).length === 2);
    const digest = arrivedFor(m.email)[1]!;
    expect(digest.subject).toContain('Your daily digest: 2 messages');
    expect(digest.text).toContain('First news.');
    expect(digest.text).toContain('Second news.');
    await t.app.mailer.writeDigests(tomorrow);
    await t.app.mailer.drain();
    await new Promise((r) => setTimeout(r, 300));
    expect(arrivedFor(m.email)).toHaveLength(2);
  });

  it('goes to the address the member has when it is written, not the one they had when a message was held', async () => {
    const m = await member();
    await tell(m.id_user, 'prestige', 'Held before the move.');
    const moved = `moved.${m.email}`;
    await t.database.db.update(userEmails).set({ email: moved }).where(eq(userEmails.id_user, m.id_user));
    const tomorrow = new Date(Date.now() + 86_400_000);
    tomorrow.setUTCHours(t.config.mail.digestHourUtc, 5);
    await t.app.mailer.writeDigests(tomorrow);
    await waitUntil(() => arrivedFor(moved).length === 1);
    expect(arrivedFor(moved)[0]!.text).toContain('Held before the move.');
    expect(arrivedFor(m.email)).toEqual([]);
  });

  it('sends nothing held of a kind the member then sets to never, and still the rest', async () => {
    const m = await member();
    await tell(m.id_user, 'prestige', 'Held, then stopped.');
    await tell(m.id_user, 'position', 'Held and kept.');
    expect((await put(m, [{ kind: 'prestige', delivery: 'never' }])).statusCode).toBe(200);
    const tomorrow = new Date(Date.now() + 86_400_000);
    tomorrow.setUTCHours(t.config.mail.digestHourUtc, 5);
    await t.app.mailer.writeDigests(tomorrow);
    await waitUntil(() => arrivedFor(m.email).length === 1);
    expect(arrivedFor(m.email)[0]!.text).toContain('Held and kept.');
    expect(arrivedFor(m.email)[0]!.text).not.toContain('Held, then stopped.');
  });
});

describe('one-click unsubscribe', () => {
  it('works without a session, after a GET that only asks, and stops only that kind', async () => {
    const m = await member();
    await tell(m.id_user, 'character', 'Your character was accepted.');
    await waitUntil(() => arrivedFor(m.email).length === 1);
    const url = new URL(arrivedFor(m.email)[0]!.header('list-unsubscribe')!.slice(1, -1));
    const page = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop these e-mails?');
    expect((await prefs(m)).json().result.preferences.find((p: { kind: string }) => p.kind === 'character').delivery).toBe('immediately');
    const done = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    const after = (await prefs(m)).json().result.preferences;
    expect(after).toEqual(MAIL_KINDS.map((kind) => ({ kind, delivery: kind === 'character' ? 'never' : DEFAULT_MAIL_DELIVERY[kind] })));
    await tell(m.id_user, 'character', 'Another character accepted.');
    await tell(m.id_user, 'approval', 'Still sent.');
    await waitUntil(() => arrivedFor(m.email).length === 2);
    expect(arrivedFor(m.email)[1]!.text).toContain('Still sent.');
  });

  it('accepts the one-click POST as multipart/form-data too', async () => {
    const m = await member();
    await tell(m.id_user, 'transfer', 'A transfer was requested.');
    await waitUntil(() => arrivedFor(m.email).length === 1);
    const url = new URL(arrivedFor(m.email)[0]!.header('list-unsubscribe')!.slice(1, -1));
    const boundary = 'guildhall-boundary';
    const res = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(200);
    expect((await prefs(m)).json().result.preferences.find((p: { kind: string }) => p.kind === 'transfer').delivery).toBe('never');
  });

  it('answers an unknown link with 404 and a malformed one with 400', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: `/api/mail/unsubscribe/${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/mail/unsubscribe/no!' })).statusCode).toBe(400);
  });
});

describe('an address that bounces', () => {
  it('is marked after repeated permanent failures, shown to the member, spared, and used again once confirmed', async () => {
    const m = await member();
    smtp.refuse.set(m.email, 'Mailbox unavailable');
    await tell(m.id_user, 'approval', 'One.');
    await tell(m.id_user, 'approval', 'Two.');
    const failed = async () =>
      (
        await t.database.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.recipient, m.email), eq(mailOutbox.status, 'failed')))
      ).length;
    await waitUntil(async () => (await failed()) === 2);
    expect((await prefs(m)).json().result.bouncing).toBe(true);
    // Administrators and coordinators see it in the members list.
    const admin = await t.tokenFor('admin@guildhall.test');
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/coordinator/members?name=${encodeURIComponent(m.user_camnum)}`,
      headers: bearer(admin),
    });
    expect(listed.json().result.rows.map((r: { email: string; email_bouncing: boolean }) => [r.email, r.email_bouncing])).toEqual([
      [m.email, true],
    ]);
    smtp.refuse.delete(m.email);
    await tell(m.id_user, 'approval', 'Three: spared.');
    await waitUntil(async () => (await failed()) === 3);
    const [spared] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, m.email), eq(mailOutbox.subject, 'Three: spared.')));
    expect(spared!.last_error).toContain('marked as bouncing');
    expect(arrivedFor(m.email)).toEqual([]);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/user/${m.id_user}/mail-preferences/confirm-address`,
      headers: bearer(m.token),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().result.bouncing).toBe(false);
    await tell(m.id_user, 'approval', 'Four.');
    await waitUntil(() => arrivedFor(m.email).length === 1);
  });

  it('stops holding back mail once the member changes to another address', async () => {
    const m = await member();
    smtp.refuse.set(m.email, 'Mailbox unavailable');
    await tell(m.id_user, 'approval', 'One.');
    await tell(m.id_user, 'approval', 'Two.');
    await waitUntil(async () => (await prefs(m)).json().result.bouncing === true);
    const fresh = `fresh.${m.email}`;
    await t.database.db.update(userEmails).set({ email: fresh }).where(eq(userEmails.id_user, m.id_user));
    expect((await prefs(m)).json().result).toMatchObject({ bouncing: false, email: fresh });
    await tell(m.id_user, 'approval', 'To the new address.');
    await waitUntil(() => arrivedFor(fresh).length === 1);
  });

  it('can be confirmed by the member only', async () => {
    const a = await member();
    const b = await member();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/${b.id_user}/mail-preferences/confirm-address`,
      headers: bearer(a.token),
    });
    expect(res.statusCode).toBe(403);
  });
});
