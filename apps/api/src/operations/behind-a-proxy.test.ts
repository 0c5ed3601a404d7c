// Two API processes on one PostgreSQL behind Caddy (issue 27), as deploy/compose.yaml runs them: sign-in, a write
// on one and a read on the other, logout, the sign-in limits and escalation behave as with one process; SIGTERM on
// one while autocannon loads the proxy loses no request. Needs `caddy` on the PATH (.ci/run installs it).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index';
import { DEMO_PASSWORD } from '../db/demo-society/demo';
import { type Caddy, caddyInstalled, startCaddy } from '../test/caddy';
import { callbackBody, exchange, type Flow, freePort, signInAtProvider, startFlow } from '../test/oidc-flow';
import { type ServerProcess, startServerProcess } from '../test/server-process';
import { openTestDatabase } from '../test/test-app';

const onPostgres = process.env.GUILDHALL_TEST_DB === 'postgres';
const haveCaddy = caddyInstalled();
const title = haveCaddy
  ? 'two API processes on one PostgreSQL behind Caddy'
  : 'two API processes behind Caddy (skipped: caddy is not installed — apt-get install caddy, as .ci/run does)';

describe.runIf(onPostgres)(title, () => {
  let database: Database;
  let drop: () => Promise<void>;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let proxy: Caddy;
  let loadToken: string;

  beforeAll(async () => {
    if (!haveCaddy) return;
    const opened = await openTestDatabase();
    database = opened.database;
    drop = opened.drop;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'guildhall-two-'));
    const [portA, portB, portProxy] = [await freePort(), await freePort(), await freePort()];
    // What compose gives every replica: one database, one secrets volume, one public address, the proxy trusted.
    const env = {
      NODE_ENV: 'development',
      DATABASE_URL: opened.url!,
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${portProxy}`,
      TRUST_PROXY: '1',
      APPROVAL_ESCALATION_CHECK_MINUTES: '0.01',
      SHUTDOWN_DRAIN_MS: '1500',
    };
    [a, b] = await Promise.all([startServerProcess(portA, env), startServerProcess(portB, env)]);
    proxy = await startCaddy(portProxy, [a.base, b.base]);
    // Signed in now: a later test blocks this address's sign-ins for a minute.
    loadToken = await signIn('admin@guildhall.test');
  }, 180_000);

  afterAll(async () => {
    if (!haveCaddy) return;
    await proxy?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (
    base: string,
    method: string,
    url: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as { result?: unknown; message?: string } };
  };
  const signIn = async (email: string) => {
    const res = await call(proxy.base, 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    return res.body.result as string;
  };
  const idOf = async (email: string) => {
    const res = (await database.db.execute(sql`select id_user from user_emails where lower(email) = ${email}`)) as unknown as {
      rows: { id_user: number }[];
    };
    return res.rows[0]!.id_user;
  };

  it.runIf(haveCaddy)('signs in through the proxy; a write on one process is read on the other at once', async () => {
    const token = await signIn('member@guildhall.test');
    const id = await idOf('member@guildhall.test');
    const me = (await call(a.base, 'GET', `/api/user/${id}`, { token })).body.result as Record<string, { [k: string]: unknown }>;
    const nick = `Nick-${Date.now() % 100000}`;
    const saved = await call(a.base, 'POST', `/api/user/${id}`, {
      token,
      body: {
        id_user: id,
        user_nick: nick,
        user_prefix: 'they/them',
        user_bday: '1991-02-03',
        tbl_user_email: { id_email: me.tbl_user_email!.id_email, email: 'member@guildhall.test' },
        tbl_user_phone: { id_phone: me.tbl_user_phone!.id_phone, phone_number: '+1 555 0199' },
        tbl_user_address: {
          id_address: me.tbl_user_address!.id_address,
          addr_line_1: '7 Harbor Way',
          addr_city: 'Crimson Harbor',
          addr_state: 'MA',
        },
      },
    });
    expect(saved.body.message).toBeUndefined();
    expect(saved.status).toBe(200);
    expect(((await call(b.base, 'GET', `/api/user/${id}`, { token })).body.result as { user_nick: string }).user_nick).toBe(nick);
    for (let i = 0; i < 4; i++) {
      expect(((await call(proxy.base, 'GET', `/api/user/${id}`, { token })).body.result as { user_nick: string }).user_nick).toBe(nick);
    }
  });

  it.runIf(haveCaddy)('signs in through the embedded sign-in provider, its steps answered by either process', async () => {
    for (let i = 0; i < 2; i++) {
      const flow = (await startFlow(proxy.base)) as Flow;
      const callback = await signInAtProvider(flow);
      const res = await exchange(proxy.base, callbackBody(flow, callback));
      expect(res.status).toBe(200);
      const token = ((await res.json()) as { result: string }).result;
      const id = await idOf('member@guildhall.test');
      expect((await call(a.base, 'GET', `/api/user/${id}`, { token })).status).toBe(200);
      expect((await call(b.base, 'GET', `/api/user/${id}`, { token })).status).toBe(200);
    }
  });

  it.runIf(haveCaddy)('a logout through the proxy ends the session on both processes', async () => {
    const token = await signIn('storyteller@guildhall.test');
    const id = await idOf('storyteller@guildhall.test');
    expect((await call(b.base, 'GET', `/api/user/${id}`, { token })).status).toBe(200);
    expect((await call(proxy.base, 'POST', '/api/auth/logout', { token, body: {} })).status).toBe(200);
    expect((await call(a.base, 'GET', `/api/user/${id}`, { token })).status).toBe(401);
    expect((await call(b.base, 'GET', `/api/user/${id}`, { token })).status).toBe(401);
  });

  it.runIf(haveCaddy)('escalates an overdue application once, telling each reader once', async () => {
    const open = (await database.db.execute(
      sql`select min(id) as id from approvals where status in ('Pending Low', 'Pending Mid', 'Pending High', 'Pending Top')`,
    )) as unknown as { rows: { id: number }[] };
    const approval = open.rows[0]!.id;
    const subject = `approval:${approval}`;
    const escalations = async () =>
      (
        (await database.db.execute(
          sql`select count(*)::int as n from approval_escalations where approval_id = ${approval}`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    const before = await escalations();
    const since = ((await database.db.execute(sql`select now() as at`)) as unknown as { rows: { at: unknown }[] }).rows[0]!.at;
    await database.db.execute(sql`update approvals set level_since = now() - interval '40 days' where id = ${approval}`);
    const deadline = Date.now() + 15_000;
    while ((await escalations()) === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // Both processes check every 0.6 s: give them several more rounds to do it twice, if they could.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await escalations()).toBe(before + 1);
    const told = (await database.db.execute(
      sql`select id_user, count(*)::int as n from notifications where subject = ${subject} and message like '%overdue%' and created_at >= ${String(since instanceof Date ? since.toISOString() : since)}::timestamptz group by id_user`,
    )) as unknown as { rows: { id_user: number; n: number }[] };
    expect(told.rows.length).toBeGreaterThan(0);
    expect(told.rows.every((r) => r.n === 1)).toBe(true);
  });

  it.runIf(haveCaddy)('counts failed sign-ins across both processes, and a forged X-Forwarded-For does not escape', async () => {
    const wrong = { email: 'coordinator@guildhall.test', password: 'not-the-password' };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await call(proxy.base, 'POST', '/api/auth/login', { body: wrong })).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const blocked = await call(proxy.base, 'POST', '/api/auth/login', { body: wrong, headers: { 'x-forwarded-for': '192.0.2.77' } });
    expect(blocked.status).toBe(429);
    expect((await call(proxy.base, 'POST', '/api/auth/login', { body: wrong })).status).toBe(429);
  });

  it.runIf(haveCaddy)('SIGTERM on one process under load through the proxy loses no request', { timeout: 60_000 }, async () => {
    const id = await idOf('member@guildhall.test');
    const run = autocannon({
      url: `${proxy.base}/api/user/${id}`,
      headers: { authorization: `Bearer ${loadToken}` },
      connections: 20,
      duration: 10,
    });
    await new Promise((r) => setTimeout(r, 3000));
    const exited = a.stop('SIGTERM');
    const result = await run;
    expect(await exited).toBe(0);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result['2xx']).toBeGreaterThan(500);
    // Every answer after the stop came from the other process.
    expect((await call(proxy.base, 'GET', `/api/user/${id}`, { token: loadToken })).status).toBe(200);
  });
});
