// GET /metrics (issue 27): refused without the METRICS_TOKEN, and its figures move with the requests answered.
import { OUTBOX_STATUSES } from '@guildhall/shared/schemas/mail';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../test/sql';
import { createTestApp, type TestApp } from '../test/test-app';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
};

/** The value of one series, e.g. figure(text, 'guildhall_http_requests_total', { route: '/api/health' }). */
function figure(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && wanted.every((w) => l.includes(w)));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('GET /metrics', () => {
  it('refuses a scrape without the token, or with another one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('guildhall_');
  });

  it('counts requests by route and status, with their durations', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/user/1' }); // no token: 401
    const after = await scrape();
    const health = { method: 'GET', route: '/api/health', status: '200' };
    expect(figure(after, 'guildhall_http_requests_total', health) - figure(before, 'guildhall_http_requests_total', health)).toBe(3);
    const refused = { route: '/api/user/:id', status: '401' };
    expect(figure(after, 'guildhall_http_requests_total', refused) - figure(before, 'guildhall_http_requests_total', refused)).toBe(1);
    expect(figure(after, 'guildhall_http_request_duration_seconds_count', health)).toBeGreaterThanOrEqual(3);
    // The URL's own values never become labels.
    expect(after).not.toContain('/api/user/1"');
  });

  it('counts failed sign-ins', async () => {
    const before = figure(await scrape(), 'guildhall_sign_in_failures_total');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'member@guildhall.test', password: 'wrong' },
    });
    expect(res.statusCode).toBe(401);
    expect(figure(await scrape(), 'guildhall_sign_in_failures_total')).toBe(before + 1);
  });

  it('reports the escalation queue, the e-mail outbox by status, the database timeouts and, on PostgreSQL, the pool', async () => {
    const text = await scrape();
    expect(text).toContain('guildhall_approvals_overdue_waiting ');
    const inOutbox = await rows<{ status: string; n: number }>(
      t.database.db,
      sql`select status, count(*)::int as n from mail_outbox group by status`,
    );
    for (const status of OUTBOX_STATUSES) {
      expect(text).toMatch(new RegExp(`^guildhall_mail_outbox\\{status="${status}"\\} \\d+$`, 'm'));
      expect(figure(text, 'guildhall_mail_outbox', { status })).toBe(inOutbox.find((r) => r.status === status)?.n ?? 0);
    }
    expect(text).toContain('guildhall_database_timeouts_total ');
    expect(text).toContain('process_resident_memory_bytes');
    if (t.database.kind === 'postgres') {
      expect(text).toMatch(/^guildhall_db_pool_in_use \d+$/m);
      expect(text).toMatch(/^guildhall_db_pool_waiting \d+$/m);
    }
  });

  it('answers each request with its id, unique across processes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no /metrics at all', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(
        404,
      );
    } finally {
      await plain.close();
    }
  });
});

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('a statement past DB_STATEMENT_TIMEOUT_MS', () => {
  it('is counted as a database timeout', { timeout: 60_000 }, async () => {
    const slow = await createTestApp(
      { METRICS_TOKEN: TOKEN },
      {
        extraRoutes: (app) =>
          app.get('/api/slow', { config: { public: true } }, async () => {
            await app.deps.db.execute(sql`select pg_sleep(8)`);
            return { result: 'never' };
          }),
      },
    );
    try {
      const read = async () => {
        const res = await slow.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
        return figure(res.body, 'guildhall_database_timeouts_total');
      };
      const before = await read();
      const res = await slow.app.inject({ method: 'GET', url: '/api/slow' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('db.timeout');
      expect(await read()).toBe(before + 1);
    } finally {
      await slow.close();
    }
  });
});
