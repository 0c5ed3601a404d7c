// A member's message that waited (the mail server refusing for a while) goes to the address the member has when it
// is sent, not the one they had when it was written, and not at all once their account is deactivated. Account
// messages keep their own address (mail-refusals.test.ts, email-change.test.ts).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, userEmails, users } from '../../db/index';
import { memberWithAddress, useMailTestApp, waitUntil } from '../../test/mail';
import type { TestSmtp } from '../../test/smtp';
import type { TestApp } from '../../test/test-app';
import { notify, noticesTransaction } from '../notifications/notifications.service';

let t: TestApp;
let smtp: TestSmtp;
const sender = 'portal@guild.test';

useMailTestApp(
  () => ({ MAIL_FROM: `Guild of Testers <${sender}>` }),
  (opened) => ({ t, smtp } = opened),
);

const arrivedFor = (email: string) => smtp.received.filter((m) => m.to === email);
const rowsOf = (id_user: number) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id_user, id_user));

/** A notice to `id_user` that the mail server refuses to take (from the portal) until `meanwhile` has run. */
async function noticeHeldWhile(id_user: number, meanwhile: () => Promise<unknown>) {
  smtp.refuseSender.set(sender, 'Try again later');
  try {
    await noticesTransaction(t.database.db, (tx) => notify(tx, id_user, { kind: 'approval', message: 'Your application moved on.' }));
    await waitUntil(async () => (await rowsOf(id_user)).some((r) => r.attempts >= 1 && r.status === 'queued'));
    await meanwhile();
  } finally {
    smtp.refuseSender.delete(sender);
  }
}

describe('a member’s message that waited', () => {
  it('goes to the address the member has now', async () => {
    const m = await memberWithAddress(t, 'moving');
    const moved = `moved.${m.email}`;
    await noticeHeldWhile(m.id_user, () => t.database.db.update(userEmails).set({ email: moved }).where(eq(userEmails.id_user, m.id_user)));
    await waitUntil(() => arrivedFor(moved).length === 1);
    // The server has the message a moment before the sender records that it took it.
    await waitUntil(async () => (await rowsOf(m.id_user)).every((r) => r.status !== 'queued' && r.status !== 'sending'));
    expect(arrivedFor(m.email)).toEqual([]);
    expect((await rowsOf(m.id_user)).map((r) => [r.status, r.recipient])).toEqual([['sent', moved]]);
  });

  it('is not sent once the member’s account is deactivated', async () => {
    const m = await memberWithAddress(t, 'leaving');
    await noticeHeldWhile(m.id_user, () => t.database.db.update(users).set({ is_disabled: true }).where(eq(users.id_user, m.id_user)));
    await waitUntil(async () => (await rowsOf(m.id_user)).every((r) => r.status === 'failed'));
    expect((await rowsOf(m.id_user))[0]!.last_error).toMatch(/deactivated/);
    expect(arrivedFor(m.email)).toEqual([]);
  });
});
