// Issue 25, the quick start: with no mail server configured every message is written to the log and kept in the
// outbox, which administrators (only) read at GET /api/mail/outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { notify, noticesTransaction } from '../notifications/notifications.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_SEND_INTERVAL_SECONDS: '0.2' });
});
afterAll(async () => {
  await t?.close();
});

const outbox = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/api/mail/outbox${query}`, headers: bearer(token) });

describe('GET /api/mail/outbox without a mail server', () => {
  it('lists each message, delivered to the log, newest first', async () => {
    expect(t.app.mailer.kind).toBe('log');
    const member = await buildMember(t.database.db);
    await noticesTransaction(t.database.db, (tx) =>
      notify(tx, member.id_user, { kind: 'transfer', message: 'Your transfer was accepted.', link: '/x' }),
    );
    const admin = await t.tokenFor('admin@guildhall.test');
    let row: { subject: string; status: string; kind: string } | undefined;
    for (let i = 0; i < 100 && row?.status !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const res = await outbox(admin, '?count=5');
      expect(res.statusCode).toBe(200);
      row = res.json().result.rows[0];
    }
    expect(row).toMatchObject({ subject: 'Your transfer was accepted.', kind: 'transfer', status: 'sent' });
  });

  it('answers a status that does not exist with a 400 naming the field', async () => {
    const res = await outbox(await t.tokenFor('admin@guildhall.test'), '?status=lost');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('status');
  });

  it('is for administrators only', async () => {
    for (const role of ['member', 'coordinator'] as const) {
      const res = await outbox(await t.tokenFor(`${role}@guildhall.test`));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('mail.forbidden');
    }
  });
});
