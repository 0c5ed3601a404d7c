// SIGTERM with writes in flight: the server process finishes what it accepted, loses no write it answered 2xx,
// refuses new connections, and exits 0. Runs the real server (server.ts) as a child process.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './db/demo-society/demo';
import { openTestDatabase } from './test/test-app';

const PORT = process.env.GUILDHALL_TEST_DB === 'postgres' ? 3185 : 3186;
const repoRoot = path.resolve(import.meta.dirname, '../../..');

type Outcome = { status: number; body: string } | { error: string };

/** One request on a connection of its own, as separate clients of a load balancer would send them. */
function send(method: string, url: string, body?: unknown, token?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `http://127.0.0.1:${PORT}${url}`,
      {
        method,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(payload);
  });
}

describe('SIGTERM with writes in flight', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;
  let child: ChildProcess | undefined;

  const startServer = async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', process.env.H8_DEBUG ? 'inherit' : 'ignore', 'pipe'],
    });
    let stderr = '';
    proc.stderr!.on('data', (chunk) => {
      stderr += chunk;
      if (process.env.H8_DEBUG) process.stdout.write(String(chunk));
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      const res = await send('GET', '/api/ready');
      if ('status' in res && res.status === 200) return proc;
      if (proc.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`the server did not become ready: ${stderr}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'guildhall-shutdown-'));
    env = {
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.H8_LOG ?? 'warn',
      SHUTDOWN_DRAIN_MS: '3000',
      SHUTDOWN_TIMEOUT_MS: '30000',
      // Every sign-in in this test succeeds; none counts toward the limits.
      SIGNIN_FAILURES_PER_MINUTE: '1000',
    };
    if (process.env.GUILDHALL_TEST_DB === 'postgres') {
      const test = await openTestDatabase();
      env.DATABASE_URL = test.url!;
      drop = test.drop;
    }
    child = await startServer();
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers every request in flight, reports not ready while draining, and keeps every write it answered 2xx', async () => {
    const email = 'member@guildhall.test';
    const login = () => send('POST', '/api/auth/login', { email, password: DEMO_PASSWORD });
    // Each sign-in writes a session row; its token works only while that row exists.
    const inFlight = Array.from({ length: 20 }, login);
    let answered = 0;
    for (const p of inFlight) void p.then(() => answered++);
    await Promise.race(inFlight);
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child!.kill('SIGTERM');
    const pendingAtSignal = 20 - answered;
    await new Promise((r) => setTimeout(r, 200));
    const [ready, lateWrite] = await Promise.all([send('GET', '/api/ready'), login()]);

    const outcomes = await Promise.all(inFlight);
    expect(await exited).toBe(0);
    expect(pendingAtSignal).toBeGreaterThan(0);
    // Not one request dropped or turned away, including one that came in while draining.
    expect([...outcomes, lateWrite].filter((o) => !('status' in o) || o.status !== 200)).toEqual([]);
    expect(ready).toEqual({ status: 503, body: JSON.stringify({ message: 'This server is shutting down.', code: 'shutting_down' }) });
    expect(await send('GET', '/api/health')).toEqual({ error: 'ECONNREFUSED' });

    child = await startServer();
    const tokens = [...outcomes, lateWrite].map((o) => JSON.parse((o as { body: string }).body).result as string);
    const claims = JSON.parse(Buffer.from(tokens[0]!.split('.')[1]!, 'base64url').toString()) as { id: number };
    const reads = await Promise.all(tokens.map((token) => send('GET', `/api/user/${claims.id}`, undefined, token)));
    expect(reads.map((r) => ('status' in r ? r.status : r.error))).toEqual(tokens.map(() => 200));
  }, 120_000);
});
