// The database going away is an outage, not a crash: a PostgreSQL server of this test's own is stopped under load
// and started again (and the embedded database is stopped), and the same app, never restarted, answers 503
// meanwhile and recovers by itself.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/test-app';
import { type OwnPostgres, postgresBinDir, startOwnPostgres } from '../test/own-postgres';
import { seedDemo } from './demo-society/demo';
import { openDatabase, type PgliteDatabase } from './index';

// Its own server on its own port: run it in one test project only (the PGlite one always runs).
const runHere = Boolean(postgresBinDir()) && process.env.GUILDHALL_TEST_DB !== 'postgres';
const PORT = 3188;
const HTTP_PORT = 3187;

describe.runIf(runHere)('when PostgreSQL goes away', () => {
  let server: OwnPostgres;
  let t: TestApp;
  let token: string;
  let id: number;

  beforeAll(async () => {
    server = await startOwnPostgres(PORT);
    const database = await openDatabase({
      kind: 'postgres',
      url: server.url,
      poolSize: 4,
      statementTimeoutMs: 1000,
      connectTimeoutMs: 1000,
    });
    await database.migrate();
    await seedDemo(database.db);
    t = await createTestApp(
      {},
      {
        database,
        extraRoutes: (app) => {
          // Statements no real endpoint would run, to see the limits act.
          app.get('/test/slow', async () => {
            await database.db.execute(sql`select pg_sleep(30)`);
            return { result: 'done' };
          });
          app.get('/test/slow-in-transaction', async () => {
            await database.db.transaction(async (tx) => {
              await tx.execute(sql`set local statement_timeout = 60000`);
              await tx.execute(sql`select pg_sleep(30) as abandoned_sleep`);
            });
            return { result: 'done' };
          });
        },
      },
    );
    token = await t.tokenFor('member@guildhall.test');
    id = await t.idOf('member@guildhall.test');
  }, 120_000);

  afterAll(async () => {
    await t?.close().catch(() => undefined);
    await server?.destroy();
  });

  it('answers 503 with the error envelope while it is down, and serves again once it is back, without a restart', async () => {
    const statuses: number[] = [];
    const unavailable: unknown[] = [];
    let running = true;
    const worker = async () => {
      while (running) {
        const res = await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });
        statuses.push(res.statusCode);
        if (res.statusCode === 503) unavailable.push(res.json());
        else if (res.statusCode !== 200) throw new Error(`unexpected ${res.statusCode}: ${res.body}`);
        if (res.statusCode === 503) await new Promise((r) => setTimeout(r, 20));
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, worker));
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

      await server.stop();
      const down = statuses.length;
      await new Promise((r) => setTimeout(r, 1000));
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: expect.stringMatching(/database is unavailable/), code: 'db.unavailable' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(statuses.slice(down)).toContain(503);
      expect(unavailable[0]).toEqual({
        message: 'The database is unavailable right now. Please try again in a moment.',
        code: 'db.unavailable',
      });

      await server.start();
      const deadline = Date.now() + 15_000;
      while ((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode !== 200) {
        if (Date.now() > deadline) throw new Error('the app did not recover within 15 s of the database returning');
        await new Promise((r) => setTimeout(r, 100));
      }
      const back = statuses.length;
      await new Promise((r) => setTimeout(r, 500));
      expect(statuses.slice(back + 8)).not.toHaveLength(0);
      expect(new Set(statuses.slice(back + 8))).toEqual(new Set([200]));
    } finally {
      running = false;
      await load;
    }
    expect(new Set(statuses)).toEqual(new Set([200, 503]));
  }, 60_000);

  it('stops a statement at the statement timeout and answers 503', async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/test/slow' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: expect.stringMatching(/took too long/), code: 'db.timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('cancels the statement of a request whose client hung up', async () => {
    await t.app.listen({ host: '127.0.0.1', port: HTTP_PORT });
    const request = http.get(`http://127.0.0.1:${HTTP_PORT}/test/slow-in-transaction`);
    request.on('error', () => undefined);
    const closed = new Promise((resolve) => request.once('close', resolve));
    const sleeping = async () => {
      const result = (await t.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where query like '%abandoned_sleep%' and state = 'active' and pid <> pg_backend_pid()`,
      )) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]!.n);
    };
    const deadline = Date.now() + 5000;
    while ((await sleeping()) === 0) {
      if (Date.now() > deadline) throw new Error('the slow statement never started');
      await new Promise((r) => setTimeout(r, 50));
    }
    request.destroy();
    await closed;
    const cancelledBy = Date.now() + 3000;
    while ((await sleeping()) > 0) {
      if (Date.now() > cancelledBy) throw new Error('the statement went on after its client hung up');
      await new Promise((r) => setTimeout(r, 50));
    }
  });
});

describe.runIf(process.env.GUILDHALL_TEST_DB !== 'postgres')('when the embedded database stops', () => {
  let dir: string;
  let t: TestApp;
  // What the process warns of meanwhile (a leak of listeners on each statement during the reopen was one).
  const warnings: string[] = [];
  const warned = (warning: Error) => void warnings.push(`${warning.name}: ${warning.message}`);

  beforeAll(async () => {
    process.on('warning', warned);
    dir = await mkdtemp(path.join(os.tmpdir(), 'guildhall-pglite-outage-'));
    const database = await openDatabase({ kind: 'pglite', dir });
    await database.migrate();
    await seedDemo(database.db);
    t = await createTestApp({}, { database });
  }, 120_000);

  afterAll(async () => {
    process.off('warning', warned);
    await t?.close().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  /** Waits for /api/ready to say the database is back, failing with `what` after 20 s. */
  const readyWithin20s = async (what: string) => {
    const deadline = Date.now() + 20_000;
    while ((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error(`${what} within 20 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('answers 503 and reopens its data directory by itself, keeping what was written', async () => {
    const token = await t.tokenFor('member@guildhall.test');
    const id = await t.idOf('member@guildhall.test');
    const pglite = (t.database as PgliteDatabase).pglite;
    // What a crashed WebAssembly instance looks like to the app: every call fails.
    await (pglite as unknown as { post(message: object): Promise<unknown> }).post({ op: 'close' });

    const res = await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The database is unavailable right now. Please try again in a moment.', code: 'db.unavailable' });

    await readyWithin20s('the embedded database was not reopened');
    const again = await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });
    expect(again.statusCode).toBe(200);
    expect(again.json().result.id_user).toBe(id);
  }, 60_000);

  it('answers 503 when its thread dies mid-request, and comes back with every acknowledged write', async () => {
    const token = await t.tokenFor('member@guildhall.test');
    const id = await t.idOf('member@guildhall.test');
    const nick = `Thread ${Date.now()}`;
    await t.database.db.execute(sql`update users set user_nick = ${nick} where id_user = ${id}`);

    const pglite = (t.database as PgliteDatabase).pglite;
    // The thread ends while requests are in flight, as it would on an abort inside the WebAssembly.
    const inFlight = Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) }));
    await (pglite as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    for (const res of await Promise.all(inFlight)) expect([200, 503]).toContain(res.statusCode);
    const during = await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });
    expect([200, 503]).toContain(during.statusCode);

    await readyWithin20s('the database thread was not started again');
    const again = await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });
    expect(again.statusCode).toBe(200);
    expect(again.json().result.user_nick).toBe(nick);
    expect(warnings).toEqual([]);
  }, 60_000);

  it('answers each later statement with its own rows after a message that could not be sent to the thread', async () => {
    const worker = ((t.database as PgliteDatabase).pglite as unknown as { worker: { postMessage(message: unknown): void } }).worker;
    const post = worker.postMessage;
    worker.postMessage = () => {
      worker.postMessage = post;
      throw new Error('the message could not be sent');
    };
    await expect(t.database.db.execute(sql`select 1 as one`)).rejects.toThrow();
    const rowsOf = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    expect(await rowsOf(sql`select 2 as two`)).toEqual([{ two: 2 }]);
    expect(await rowsOf(sql`select 3 as three`)).toEqual([{ three: 3 }]);
  });

  it('serves the next statement after one failed in the thread without ending it', async () => {
    const pglite = (t.database as PgliteDatabase).pglite as unknown as { send(message: object): Promise<unknown> };
    // A message the thread could not answer (a fault in PGlite's JavaScript, say), the thread itself alive: stubbed here.
    const send = pglite.send;
    pglite.send = () => {
      pglite.send = send;
      return Promise.reject(new Error('the thread could not answer'));
    };
    await expect(t.database.db.execute(sql`select 1 as one`)).rejects.toThrow();
    expect(((await t.database.db.execute(sql`select 2 as two`)) as unknown as { rows: unknown[] }).rows).toEqual([{ two: 2 }]);
  });

  it('serves the pages whose statements were prepared before a failed message, and leaves no transaction open', async () => {
    const token = await t.tokenFor('member@guildhall.test');
    const id = await t.idOf('member@guildhall.test');
    const read = () => t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });
    expect((await read()).statusCode).toBe(200);
    const pglite = (t.database as PgliteDatabase).pglite as unknown as { send(message: object): Promise<unknown> };
    // The fault comes inside a transaction, after its first statement: the session must not stay in it.
    const send = pglite.send;
    let messages = 0;
    pglite.send = (message) => {
      if (++messages < 3) return send.call(pglite, message);
      pglite.send = send;
      return Promise.reject(new Error('the thread could not answer'));
    };
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update users set user_nick = 'never kept' where id_user = ${id}`);
        await tx.execute(sql`select 1`);
      }),
    ).rejects.toThrow();
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json().result.user_nick).not.toBe('never kept');
  });
});
