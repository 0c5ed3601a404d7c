// The outbox's sender with a slow mail server (unit test of mail.sender.ts; the transport is a stand-in whose sends
// wait until released): a round claims no more messages than the transport sends at once, so no claimed message
// waits behind others while its lease runs out and another process claims it too; and a process closing stops after
// the batch in hand.
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

/** `n` queued messages to addresses starting with a prefix of their own, and a reader of their statuses. */
async function queue(n: number) {
  const prefix = `slow${Date.now()}.${Math.random().toString(36).slice(2)}.`;
  const recipients = Array.from({ length: n }, (_, i) => `${prefix}${i}@example.test`);
  await t.database.db
    .insert(mailOutbox)
    .values(recipients.map((recipient) => ({ id_user: null, recipient, kind: 'approval', subject: 'Slow.', body: 'Slow.' })));
  return async () =>
    (
      await t.database.db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(like(mailOutbox.recipient, `${prefix}%`))
    ).map((row) => row.status);
}

/** A transport sending five at once whose sends wait until the test releases them. */
function slowTransport() {
  const waiting: { mail: OutgoingMail; release: () => void }[] = [];
  const transport: MailTransport = {
    kind: 'smtp',
    batch: 5,
    send: (mail) => new Promise<void>((release) => waiting.push({ mail, release })),
    close() {},
  };
  const sentBy = async (n: number) => {
    const until = Date.now() + 10_000;
    while (waiting.length < n) {
      if (Date.now() > until) throw new Error(`${n} messages were never handed to the transport`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const releaseAll = () => {
    for (const w of waiting.splice(0)) w.release();
  };
  return { transport, waiting, sentBy, releaseAll };
}

const drain = (transport: MailTransport, stopping?: () => boolean) =>
  drainOutbox(
    {
      db: t.database.db,
      transport,
      settings: { societyName: 'Guildhall', publicUrl: 'http://localhost:3000' },
      mail: { leaseSeconds: 120, retryBaseMs: 1000, bounceLimit: 3 },
      production: false,
    },
    stopping,
  );

describe('the sender, with a mail server slower than the messages come', () => {
  it('claims only as many messages as the transport sends at once, and sends every one in later rounds', async () => {
    const statuses = await queue(12);
    const { transport, waiting, sentBy, releaseAll } = slowTransport();
    const drained = drain(transport);
    await sentBy(5);
    await new Promise((r) => setTimeout(r, 100));
    expect(waiting).toHaveLength(5);
    expect((await statuses()).sort()).toEqual([...Array(7).fill('queued'), ...Array(5).fill('sending')]);
    // Each answer lets the next round claim: five, then the last two.
    releaseAll();
    await sentBy(5);
    releaseAll();
    await sentBy(2);
    releaseAll();
    expect(await drained).toBe(12);
    expect(await statuses()).toEqual(Array(12).fill('sent'));
  });

  it('finishes the batch in hand when the process is closing and leaves the rest queued', async () => {
    const statuses = await queue(12);
    const { transport, sentBy, releaseAll } = slowTransport();
    let closing = false;
    const drained = drain(transport, () => closing);
    await sentBy(5);
    closing = true;
    releaseAll();
    expect(await drained).toBe(5);
    expect((await statuses()).sort()).toEqual([...Array(7).fill('queued'), ...Array(5).fill('sent')]);
  });
});
