// The logger's options (unit test of one component): every line of a request carries its id; query values,
// set-password tokens, bearer tokens and database parameters never reach the log.
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggedUrl, loggerOptions } from './logging';

describe('loggedUrl', () => {
  it('keeps the path and the names of the query parameters only', () => {
    expect(loggedUrl('/oauth/callback?code=abc&state=def')).toBe('/oauth/callback?code=~&state=~');
    expect(loggedUrl('/set-password/s3cr3t-token')).toBe('/set-password/~');
    expect(loggedUrl('/api/users/12')).toBe('/api/users/12');
  });

  it('hides the secret in an unsubscribe link and a calendar feed’s address', () => {
    expect(loggedUrl('/api/mail/unsubscribe/AbC_-123?x=1')).toBe('/api/mail/unsubscribe/~?x=~');
    expect(loggedUrl('/api/calendar/s3cr3t-feed-token-0123.ics')).toBe('/api/calendar/~.ics');
    expect(loggedUrl('/api/calendar/feed')).toBe('/api/calendar/feed');
  });
});

describe('the request log', () => {
  it('has the request id on every line and no secret or personal data', async () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (chunk) => {
      text += chunk;
    });
    const app = Fastify(loggerOptions('info', stream));
    app.get('/fails', async () => {
      const cause = Object.assign(new Error('duplicate key value violates unique constraint "user_emails_email_uq"'), {
        code: '23505',
        detail: 'Key (email)=(alice@example.org) already exists.',
        constraint: 'user_emails_email_uq',
      });
      throw new Error('Failed query: insert into user_emails values ($1, $2)\nparams: alice@example.org,hunter2', { cause });
    });
    const res = await app.inject({
      method: 'GET',
      url: '/fails?code=the-code&id_token_hint=eyJsecret',
      headers: { authorization: 'Bearer eyJtoken', cookie: 'session=xyz' },
    });
    expect(res.statusCode).toBe(500);
    await app.close();
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reqId?: string; req?: { url: string }; err?: { cause?: { constraint?: string } } });
    const requestLines = lines.filter((l) => l.reqId);
    expect(requestLines.length).toBeGreaterThanOrEqual(2);
    expect(new Set(requestLines.map((l) => l.reqId)).size).toBe(1);
    expect(requestLines[0]!.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.find((l) => l.req)?.req?.url).toBe('/fails?code=~&id_token_hint=~');
    expect(lines.find((l) => l.err)?.err?.cause?.constraint).toBe('user_emails_email_uq');
    for (const secret of ['the-code', 'eyJsecret', 'eyJtoken', 'xyz', 'alice@example.org', 'hunter2', '127.0.0.1']) {
      expect(text).not.toContain(secret);
    }
  });
});
