// POST /files/get, GET /files/content/{id}, and administrators' folders and uploads.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, scalar } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const token: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['member', 'admin']) token[who] = await t.tokenFor(`${who}@guildhall.test`);
});
afterAll(async () => {
  await t?.close();
});

const search = (payload: object, who = 'member') =>
  t.app.inject({ method: 'POST', url: '/api/files/get', headers: bearer(token[who]!), payload });
const post = (url: string, payload: object, who = 'admin') => t.app.inject({ method: 'POST', url, headers: bearer(token[who]!), payload });
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('POST /api/files/get', () => {
  it('lists every folder with its documents when nothing is asked', async () => {
    const res = await search({});
    expect(res.statusCode).toBe(200);
    const { rows, count } = res.json().result;
    expect(count).toBe(await scalar(t.database.db, sql`select count(*)::int from files`));
    expect(rows[0].tbl_file_contents.length).toBeGreaterThan(0);
    expect(rows[0].tbl_file_contents[0]).not.toHaveProperty('data');
  });

  it('finds folders by their name or a document’s name, case-insensitively', async () => {
    expect((await search({ fileName: 'BYLAWS' })).json().result.rows.map((f: { file_name: string }) => f.file_name)).toEqual(['Bylaws']);
    expect((await search({ fileName: 'genre-packets-2' })).json().result.rows.map((f: { file_name: string }) => f.file_name)).toEqual([
      'Genre Packets',
    ]);
    expect((await search({ fileName: 'no such thing' })).json().result.count).toBe(0);
  });

  it('filters by the date range, both ends included', async () => {
    const expected = await scalar(
      t.database.db,
      sql`select count(*)::int from files where created_at >= '2025-09-01' and created_at < '2026-03-02'`,
    );
    expect((await search({ from: '2025-09-01', to: '2026-03-01' })).json().result.count).toBe(expected);
  });

  it('honours sortBy and direction', async () => {
    const expected = await rows<{ file_name: string }>(
      t.database.db,
      sql`select file_name from files order by file_name desc, id_file desc`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files/get?sortBy=file_name&direction=desc&count=100',
      headers: bearer(token.member!),
      payload: {},
    });
    expect(res.json().result.rows.map((f: { file_name: string }) => f.file_name)).toEqual(expected.map((f) => f.file_name));
    const newest = await rows<{ file_name: string }>(
      t.database.db,
      sql`select file_name from files order by created_at desc, id_file desc limit 1`,
    );
    const byDate = await t.app.inject({
      method: 'POST',
      url: '/api/files/get?sortBy=created_at&direction=desc',
      headers: bearer(token.member!),
      payload: {},
    });
    expect(byDate.json().result.rows[0].file_name).toBe(newest[0]!.file_name);
  });

  it('answers 400 naming the field for a bad date or range', async () => {
    expect((await search({ from: 'yesterday' })).json().errors[0].path).toBe('from');
    expect((await search({ from: '2026-02-01', to: '2026-01-01' })).json().errors[0].path).toBe('to');
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/files/get', payload: {} })).statusCode).toBe(401);
  });
});

describe('adding documentation', () => {
  it('lets an administrator add a folder and a Markdown document that everyone then finds and opens', async () => {
    const folder = await post('/api/files/folders', { file_name: 'Convention Handbook' });
    expect(folder.statusCode).toBe(200);
    const id_file = folder.json().result.id_file;
    const item = await post(`/api/files/${id_file}/items`, {
      filename: 'schedule.md',
      mime_type: 'text/markdown',
      data: b64('# Schedule\nFriday: games'),
    });
    expect(item.statusCode).toBe(200);
    const found = (await search({ fileName: 'convention' })).json().result.rows[0];
    expect(found.tbl_file_contents.map((c: { filename: string }) => c.filename)).toEqual(['schedule.md']);
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/files/content/${item.json().result.id_file_content}`,
      headers: bearer(token.member!),
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toContain('text/markdown');
    expect(opened.headers['content-disposition']).toBe('inline; filename="schedule.md"');
    expect(opened.body).toContain('Friday: games');
  });

  it('refuses a plain member, with nothing written', async () => {
    const before = await scalar(t.database.db, sql`select count(*)::int from files`);
    expect((await post('/api/files/folders', { file_name: 'Mine' }, 'member')).statusCode).toBe(403);
    expect((await post('/api/files/1/items', { filename: 'x.txt', mime_type: 'text/plain', data: b64('x') }, 'member')).statusCode).toBe(
      403,
    );
    expect(await scalar(t.database.db, sql`select count(*)::int from files`)).toBe(before);
  });

  it('refuses a wrong type, a PDF that is not one, and an oversized document, leaving nothing behind', async () => {
    const before = await scalar(t.database.db, sql`select count(*)::int from file_contents`);
    const exe = await post('/api/files/1/items', { filename: 'tool.exe', mime_type: 'application/x-msdownload', data: b64('MZ') });
    expect(exe.statusCode).toBe(400);
    expect(exe.json().errors[0]).toEqual({ path: 'mime_type', message: 'only PDF, Markdown and text documents can be uploaded' });
    const fakePdf = await post('/api/files/1/items', { filename: 'x.pdf', mime_type: 'application/pdf', data: b64('not a pdf') });
    expect(fakePdf.statusCode).toBe(400);
    const big = await post('/api/files/1/items', { filename: 'big.txt', mime_type: 'text/plain', data: b64('a'.repeat(600 * 1024)) });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors[0].message).toBe('the document is larger than 512 KB');
    expect(await scalar(t.database.db, sql`select count(*)::int from file_contents`)).toBe(before);
  });

  it('refuses data that is not base64 or holds nothing, naming data, and stores nothing', async () => {
    const before = await scalar(t.database.db, sql`select count(*)::int from file_contents`);
    for (const data of ['====', 'not base64!', `${b64('hello')}#`]) {
      const res = await post('/api/files/1/items', { filename: 'a.txt', mime_type: 'text/plain', data });
      expect(res.statusCode, data).toBe(400);
      expect(res.json().errors, data).toEqual([{ path: 'data', message: 'is not valid base64, or holds nothing' }]);
    }
    expect(await scalar(t.database.db, sql`select count(*)::int from file_contents`)).toBe(before);
  });

  it('answers 404 for an unknown folder or document', async () => {
    expect((await post('/api/files/999999/items', { filename: 'a.txt', mime_type: 'text/plain', data: b64('a') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/content/999999', headers: bearer(token.member!) })).statusCode).toBe(404);
  });
});
