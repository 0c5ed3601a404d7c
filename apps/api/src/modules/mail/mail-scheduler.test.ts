// The mailer's daily work (membership reminders, digests, forgetting delivered mail) runs on a timer in every API
// process: when the app closes, a round in flight is finished first, so it never works on a database being closed.
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { OUTBOX_KEEP_DAYS } from './mail.outbox';
import { scheduleMail } from './mail.scheduler';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_SEND_INTERVAL_SECONDS: '0' });
});
afterAll(async () => {
  await t?.close();
});

/** Holds the tables a daily round reads and writes in a transaction of the test's own until `release()`. */
async function holdTables() {
  let locked!: () => void;
  let release!: () => void;
  const whenLocked = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const done = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table users, membership_reminders, mail_outbox in access exclusive mode`);
    locked();
    await released;
  });
  await whenLocked;
  return {
    release: () => {
      release();
      return done;
    },
  };
}

describe("the mailer's daily work", () => {
  it('is finished before the app has closed', async () => {
    // A delivered message old enough to be forgotten: the round's last step deletes it.
    const [old] = await t.database.db
      .insert(mailOutbox)
      .values({
        id_user: null,
        recipient: 'old@example.test',
        kind: 'approval',
        subject: 'Old.',
        body: 'Old.',
        status: 'sent',
        created_at: new Date(Date.now() - (OUTBOX_KEEP_DAYS + 1) * 86_400_000),
      })
      .returning({ id: mailOutbox.id });
    // A mailer of its own on the test's database, its timer driven by the test.
    const app = Fastify();
    app.decorate('deps', { config: t.config, db: t.database.db } as never);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const tables = await holdTables();
    try {
      scheduleMail(app);
      await app.ready();
      vi.advanceTimersByTime(10 * 60_000);
      let closed = false;
      const closing = app.close().then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(closed).toBe(false);
      await tables.release();
      await closing;
      expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, old!.id))).toEqual([]);
    } finally {
      vi.useRealTimers();
      await tables.release();
    }
  });
});
