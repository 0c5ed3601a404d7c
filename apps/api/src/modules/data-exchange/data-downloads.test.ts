// Issue 26: a member's data download is made in the background: the request answers 'preparing' at once, the
// member gets a notice when the zip is ready, only they (or an administrator) can fetch it, and it expires.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDownloads, notifications } from '../../db/index';
import { buildMember } from '../../test/factories';
import { holdTableLock, racingWhileLocked } from '../../test/table-lock';
import { bearer, createPortalOn, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: Record<string, string>;
let id: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  ({ id, token } = await t.accounts('member', 'coordinator', 'admin'));
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, who: string) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token[who]!) });

async function readyDownload(who: string, of: number) {
  for (let i = 0; i < 200; i++) {
    const latest = (await call('GET', `/users/${of}/data-downloads/latest`, who)).json().result;
    if (latest?.status === 'ready') return latest as { id: number; expires_at: string; size_bytes: number };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the download was not ready in 10 s');
}

describe('a member’s data download in the background', () => {
  it('answers "preparing" at once, then the member gets a notice and the zip', async () => {
    // On PostgreSQL the build waits on a lock held on characters (the first table it reads), so that the second click
    // surely comes while it is made: a build done first made the second click start another one (a CI run's failure).
    const held = t.url ? await holdTableLock(t.url, 'characters') : undefined;
    let asked: Awaited<ReturnType<typeof call>>;
    try {
      asked = await call('POST', `/users/${id.member}/data-downloads`, 'member');
      expect(asked.statusCode).toBe(200);
      expect(asked.json().result).toMatchObject({ status: 'preparing', ready_at: null, expires_at: null });
      await held?.waitFor(1);
      // A second click while it is made starts nothing more.
      expect((await call('POST', `/users/${id.member}/data-downloads`, 'member')).json().result.id).toBe(asked.json().result.id);
    } finally {
      await held?.release();
    }
    const ready = await readyDownload('member', id.member!);
    expect(ready.id).toBe(asked.json().result.id);
    expect(Date.parse(ready.expires_at) - Date.now()).toBeGreaterThan(47 * 3600_000);
    const notices = await t.database.db
      .select({ message: notifications.message, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.id_user, id.member!), eq(notifications.kind, 'data')));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toMatch(/^Your data is ready to download, until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    expect(notices[0]!.link).toBe('/profile');
    const file = await call('GET', `/data-downloads/${ready.id}/file`, 'member');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.rawPayload.byteLength).toBe(ready.size_bytes);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('starts one download for two requests at once: both answer its id, and one notice arrives', async () => {
    const { id_user } = await buildMember(t.database.db);
    const ask = () => call('POST', `/users/${id_user}/data-downloads`, 'admin');
    // On PostgreSQL the requests wait on a lock held on the table, so both really start together; PGlite runs
    // one statement at a time.
    const both = t.url ? await racingWhileLocked(t.url, 'data_downloads', () => [ask(), ask()]) : await Promise.all([ask(), ask()]);
    const ids = both.map((res) => res.json().result.id);
    expect(ids[0]).toBe(ids[1]);
    await readyDownload('admin', id_user);
    const notices = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id_user, id_user), eq(notifications.kind, 'data')));
    expect(notices).toHaveLength(1);
  });

  it('is handed over by another API process on the same database, not only by the one that made it', async () => {
    const ready = await readyDownload('member', id.member!);
    const other = await createPortalOn(t, {}, { ownPool: true });
    try {
      const headers = bearer(await other.app.deps.tokens.issue(id.member!, { method: 'test' }));
      const latest = await other.app.inject({ method: 'GET', url: `/api/users/${id.member}/data-downloads/latest`, headers });
      expect(latest.json().result).toMatchObject({ id: ready.id, status: 'ready' });
      const file = await other.app.inject({ method: 'GET', url: `/api/data-downloads/${ready.id}/file`, headers });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.byteLength).toBe(ready.size_bytes);
    } finally {
      await other.close();
    }
  });

  it('is never another member’s: not to ask for, not to see, not to fetch (an administrator may, for them)', async () => {
    const ready = await readyDownload('member', id.member!);
    expect((await call('POST', `/users/${id.member}/data-downloads`, 'coordinator')).statusCode).toBe(403);
    expect((await call('GET', `/users/${id.member}/data-downloads/latest`, 'coordinator')).statusCode).toBe(403);
    expect((await call('GET', `/data-downloads/${ready.id}/file`, 'coordinator')).statusCode).toBe(403);
    expect((await call('GET', `/data-downloads/${ready.id}/file`, 'admin')).statusCode).toBe(200);
    expect((await call('GET', '/data-downloads/99999999/file', 'member')).statusCode).toBe(404);
    expect((await call('GET', '/data-downloads/abc/file', 'member')).json().errors[0].path).toBe('id');
    // An administrator asking for a member who does not exist: 404, and nothing is written.
    const unknown = await call('POST', '/users/2147483647/data-downloads', 'admin');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'users.not_found']);
  });

  it('expires: the file is no longer handed over, and the next request deletes it', async () => {
    const ready = await readyDownload('member', id.member!);
    const db = t.database.db;
    await db.update(dataDownloads).set({ expires_at: sql`now() - interval '1 minute'` }).where(eq(dataDownloads.id, ready.id));
    const gone = await call('GET', `/data-downloads/${ready.id}/file`, 'member');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('data_exchange.download_not_found');
    expect((await call('GET', `/users/${id.member}/data-downloads/latest`, 'member')).json().result).toBeNull();
    const again = await call('POST', `/users/${id.member}/data-downloads`, 'member');
    expect(again.json().result.id).not.toBe(ready.id);
    expect(await db.select({ id: dataDownloads.id }).from(dataDownloads).where(eq(dataDownloads.id, ready.id))).toEqual([]);
    await readyDownload('member', id.member!);
  });
});
