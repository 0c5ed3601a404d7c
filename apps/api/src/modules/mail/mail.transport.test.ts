// Issue 25, with no mail server configured: messages go to the log — with their text outside production (so the
// quick start's links can be read there), and in production only which message (no address, name or link).
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { renderMail } from './mail.render';
import { createMailTransport } from './mail.transport';

const mail = renderMail(
  {
    id: 1,
    created_at: new Date('2030-01-01T00:00:00Z'),
    recipient: 'ada@example.org',
    kind: 'account',
    subject: 'Reset your password',
    body: 'Follow the link.',
    link: 'http://localhost:3000/set-password/secret-token-value',
    unsubscribe_token: null,
  },
  { societyName: 'Guildhall', publicUrl: 'http://localhost:3000' },
);

describe('the log transport', () => {
  const transport = (log: { info: (obj: object, message: string) => void }) =>
    createMailTransport(loadConfig({ NODE_ENV: 'test' }).mail, log);

  it('is used when no SMTP server is configured', () => {
    expect(transport({ info: () => {} }).kind).toBe('log');
  });

  it('logs the text, link included, outside production', async () => {
    const log = { info: vi.fn<(obj: object, message: string) => void>() };
    await transport(log).send({ ...mail, loggable: true });
    expect(JSON.stringify(log.info.mock.calls)).toContain('secret-token-value');
  });

  it('logs only the message id in production: no address, subject or link', async () => {
    const log = { info: vi.fn<(obj: object, message: string) => void>() };
    await transport(log).send({ ...mail, loggable: false });
    expect(log.info).toHaveBeenCalledWith({ messageId: mail.messageId }, expect.any(String));
    const logged = JSON.stringify(log.info.mock.calls);
    for (const secret of ['secret-token-value', 'ada@example.org', 'Reset your password']) expect(logged).not.toContain(secret);
  });
});
