// The outbox's sender with a slow mail server (unit test of mail.sender.ts; the transport is a stand-in whose sends
// wait until released): a round claims no more messages than the transport sends at once, so no claimed message
// waits behind others while its lease runs out and another process claims it too.
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { drainOutbox } from './mail.sender';
import type { MailTransport, OutgoingMail } from './mail.transport';

let t: TestApp;
beforeAll(async () => {
  // The app's own sender stays idle: only the drain below sends.
  t = await createTestApp({ MAIL_SEND_INTERVAL_SECONDS: '0' });
});
afterAll(async () => {
  await t?.close();
});

describe('the sender, with a mail server slower than the messages come', () => {
  it('claims only as many messages as the transport sends at once, and sends every one in later rounds', async () => {
    const prefix = `slow${Date.now()}.`;
    const recipients = Array.from({ length: 12 }, (_, i) => `${prefix}${i}@example.test`);
    await t.database.db
      .insert(mailOutbox)
      .values(recipients.map((recipient) => ({ id_user: null, recipient, kind: 'approval', subject: 'Slow.', body: 'Slow.' })));
    const waiting: { mail: OutgoingMail; release: () => void }[] = [];
    const transport: MailTransport = {
      kind: 'smtp',
      batch: 5,
      send: (mail) => new Promise<void>((release) => waiting.push({ mail, release })),
      close() {},
    };
    const statuses = async () =>
      (
        await t.database.db
          .select({ status: mailOutbox.status })
          .from(mailOutbox)
          .where(like(mailOutbox.recipient, `${prefix}%`))
      ).map((row) => row.status);
    const drained = drainOutbox({
      db: t.database.db,
      transport,
      settings: { societyName: 'Guildhall', publicUrl: 'http://localhost:3000' },
      mail: { leaseSeconds: 120, retryBaseMs: 1000, bounceLimit: 3 },
      production: false,
    });

    const sentBy = async (n: number) => {
      const until = Date.now() + 10_000;
      while (waiting.length < n) {
        if (Date.now() > until) throw new Error(`${n} messages were never handed to the transport`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await sentBy(5);
    await new Promise((r) => setTimeout(r, 100));
    expect(waiting).toHaveLength(5);
    expect((await statuses()).sort()).toEqual([...Array(7).fill('queued'), ...Array(5).fill('sending')]);
    // Each answer lets the next round claim: five, then the last two.
    for (const w of waiting.splice(0)) w.release();
    await sentBy(5);
    for (const w of waiting.splice(0)) w.release();
    await sentBy(2);
    for (const w of waiting.splice(0)) w.release();
    expect(await drained).toBe(12);
    expect(await statuses()).toEqual(Array(12).fill('sent'));
  });
});
