// Issue 23: "Forgot password?" requests are limited per address like failed sign-ins, and with no mail server the
// link goes to the log only outside production.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildMember } from '../test/factories';
import { askForReset } from '../test/password-reset';
import { createListeningTestApp, type TestApp } from '../test/test-app';
import { deliverPasswordResetLink } from './password-reset.service';
import { noticesTransaction } from '../modules/notifications/notifications.service';

let t: TestApp;

beforeAll(async () => {
  ({ t } = await createListeningTestApp());
});
afterAll(async () => {
  await t?.close();
});

const ask = (email: string, ip: string) => askForReset(t, email, ip);

describe('requests are limited per address like sign-ins', () => {
  it('answers the 11th request within a minute from one address with 429 and Retry-After; another address is not affected', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 10; i++) expect((await ask(`someone${i}@guildhall.test`, ip)).statusCode).toBe(200);
    const eleventh = await ask('someone-else@guildhall.test', ip);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.body).toContain('Too many password reset requests. Please wait and try again.');
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(eleventh.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await ask('someone-else@guildhall.test', '10.99.0.2')).statusCode).toBe(200);
  });

  it('lets no more requests through than the limit when they are sent all at once', async () => {
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(`burst${i}@guildhall.test`, '10.99.0.3')));
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(10);
  });
});

describe('the log, with no mail server configured', () => {
  // A real member: the e-mail beside the log line goes into the outbox, which refers to the member.
  const someone = async () => ({
    id_user: (await buildMember(t.database.db)).id_user,
    name: 'Ada Lovelace',
    camnum: 'US42',
    email: 'ada@example.org',
  });
  const link = { url: 'http://localhost/set-password/secret-token-value', expires_at: new Date('2030-01-01T10:00:00Z') };
  const logger = () => ({ info: vi.fn(), error: vi.fn() });

  it('in production logs only that a link was issued for the member, never the link', async () => {
    const log = logger();
    const member = await someone();
    await noticesTransaction(t.database.db, (tx) =>
      deliverPasswordResetLink({ db: tx, log, production: true, mailServer: false }, member, link),
    );
    expect(log.info).toHaveBeenCalledWith(`password reset link issued for member ${member.id_user}`);
    expect(JSON.stringify(log.info.mock.calls)).not.toContain('secret-token-value');
  });

  it('elsewhere logs the link too', async () => {
    const log = logger();
    const member = await someone();
    await noticesTransaction(t.database.db, (tx) =>
      deliverPasswordResetLink({ db: tx, log, production: false, mailServer: false }, member, link),
    );
    expect(JSON.stringify(log.info.mock.calls)).toContain(link.url);
  });
});
