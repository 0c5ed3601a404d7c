// The daily digest takes each member's held messages whole: a member with many held messages, and the member after
// them, each get one digest, however the messages fall into the digest's rounds.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/index';
import { memberWithAddress } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_SEND_INTERVAL_SECONDS: '0' });
});
afterAll(async () => {
  await t?.close();
});

const hold = (m: { id_user: number; email: string }, n: number) =>
  t.database.db.insert(mailOutbox).values(
    Array.from({ length: n }, (_, i) => ({
      id_user: m.id_user,
      recipient: m.email,
      kind: 'prestige',
      subject: `Held ${i}.`,
      body: `Held ${i}.`,
      status: 'held' as const,
    })),
  );
const digestsOf = (id_user: number) =>
  t.database.db
    .select({ id: mailOutbox.id, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id_user, id_user), eq(mailOutbox.kind, 'digest')));

describe('the daily digest', () => {
  it("takes a member's held messages whole: 1,999 for one member and 2 for the next are one digest each", async () => {
    const a = await memberWithAddress(t, 'digestA');
    const b = await memberWithAddress(t, 'digestB');
    expect(a.id_user).toBeLessThan(b.id_user);
    await hold(a, 1999);
    await hold(b, 2);
    const tomorrow = new Date(Date.now() + 86_400_000);
    tomorrow.setUTCHours(t.config.mail.digestHourUtc, 5);
    await t.app.mailer.writeDigests(tomorrow);
    await t.app.mailer.writeDigests(tomorrow);
    expect((await digestsOf(a.id_user)).map((d) => d.subject)).toEqual(['Your daily digest: 1999 messages']);
    expect((await digestsOf(b.id_user)).map((d) => d.subject)).toEqual(['Your daily digest: 2 messages']);
  });
});
