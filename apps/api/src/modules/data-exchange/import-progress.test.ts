// Issue 26: a large members file is planned and written chunk by chunk: asked for NDJSON, the import answers
// progress lines with rising counts (of a total estimated from the body's size) before its result; a bad row in
// the last chunk still writes nothing (the chunks before it are rolled back); a file refused at its header is still
// a plain 400 naming the field.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLocation } from '../../test/factories';
import { scalar } from '../../test/sql';
import { type ImportPayload, importRequest } from '../../test/imports';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { MEMBERS_CHUNK } from './members-import';

let t: TestApp;
let token: Record<string, string>;
const tag = `${Date.now() % 1e8}`;
const code = `PRG${tag}`;
const ROWS = MEMBERS_CHUNK * 2 + 500;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.accounts('admin'));
  await buildLocation(t.database.db, { location_code: code });
});
afterAll(async () => {
  await t?.close();
});

const header = 'membership_number,first_name,last_name,email,type,expiry,domain_code';
const row = (i: number, expiry = '2027-11-30') => `P${tag}${i},Pat,Row ${i},pat.${i}.${tag}@example.test,LARP,${expiry},${code}`;
const file = (bad?: number) =>
  [header, ...Array.from({ length: ROWS }, (_, i) => row(i + 1, i + 1 === bad ? '2027-02-30' : undefined))].join('\r\n');
const importing = (payload: ImportPayload) =>
  t.app.inject(importRequest(payload, { ...bearer(token.admin!), accept: 'application/x-ndjson' }));
const linesOf = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
const imported = () => scalar(t.database.db, sql`select count(*)::int from users where user_camnum like ${`P${tag}%`}`);

describe('POST /api/imports with progress (NDJSON)', () => {
  it('answers progress lines with rising counts, then the result', async () => {
    const res = await importing({ kind: 'members', csv: file() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = linesOf(res.body);
    const progress = lines.slice(0, -1).map((l) => l.progress);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    // The total is estimated from Content-Length and the bytes the rows so far took (the body is read once): the
    // first rows here are the shortest, so the first estimate is about 9% high.
    const totals = progress.map((p) => p.total);
    expect(
      totals.every((total) => Math.abs(total - ROWS) <= ROWS * 0.1),
      JSON.stringify(totals),
    ).toBe(true);
    const done = progress.map((p) => p.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(new Set(done).size).toBe(done.length);
    expect(lines.at(-1).result).toMatchObject({ dry_run: true, rows: ROWS, created: ROWS, errors: [] });
  });

  it('writes nothing of a file whose bad row comes after chunks were written, and applies the fixed file', async () => {
    const refused = linesOf((await importing({ kind: 'members', csv: file(ROWS - 10), dry_run: false })).body).at(-1).result;
    expect(refused).toMatchObject({ applied: false, created: ROWS - 1 });
    expect(refused.errors).toEqual([expect.objectContaining({ line: ROWS - 9, column: 'expiry' })]);
    expect(await imported()).toBe(0);

    const applied = linesOf((await importing({ kind: 'members', csv: file(), dry_run: false })).body).at(-1).result;
    expect(applied).toMatchObject({ applied: true, created: ROWS, errors: [] });
    expect(await imported()).toBe(ROWS);
    const again = linesOf((await importing({ kind: 'members', csv: file(), dry_run: false })).body).at(-1).result;
    expect(again).toMatchObject({ applied: true, created: 0, updated: 0, skipped: ROWS });
  });

  it('still answers 400 naming the field when the header is refused', async () => {
    const res = await importing({ kind: 'members', csv: 'membership_number,shoe_size\nX1,42' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('csv');
  });
});
