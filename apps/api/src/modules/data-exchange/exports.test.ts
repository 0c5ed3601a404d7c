// Issue 26: exports open back with the same values (round trip), neutralise formula cells, walk the whole table
// batch by batch, and ask the policy of the list they export.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, prestige } from '../../db/index';
import { buildMember } from '../../test/factories';
import { rows } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { csvCell } from './csv-write';
import { LEDGER_HEADER } from './exports.service';

let t: TestApp;
let token: Record<string, string>;
let id: Record<string, number>;
let ledger: number;
const ENTRIES = 2345;

beforeAll(async () => {
  t = await createTestApp();
  ({ id, token } = await t.accounts('member', 'admin'));
  const db = t.database.db;
  ledger = (await buildMember(db)).id_user;
  const awkward = ['Plain', 'Comma, and "quotes"', 'Line\r\nbreak', '=HYPERLINK("http://x.test","click")', '-2+3', '@SUM(A1)', 'Ünïcödé ✓'];
  const entries = Array.from({ length: ENTRIES }, (_, i) => ({
    id_user: ledger,
    prestige_category: 'Administration' as const,
    prestige_general: i % 5,
    prestige_regional: 1,
    prestige_national: 0,
    prestige_usable_general: i % 2,
    prestige_description: `${awkward[i % awkward.length]}`,
    id_reviewer: id.admin!,
    prestige_datetime: new Date(Date.UTC(2020, 0, 1 + (i % 900))),
  }));
  for (let i = 0; i < entries.length; i += 500) await db.insert(prestige).values(entries.slice(i, i + 500));
  await db.insert(auditLog).values({ id_user: id.admin!, action: 'export.test', entity: 'user', entity_id: '1', note: '=cmd' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(token[who]!) });

describe('CSV exports', () => {
  it('exports a member’s whole ledger, newest first, and it opens back with the same values', async () => {
    const res = await get(`/api/prestiges/user/${ledger}/export`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const parsed: Record<string, string>[] = parse(res.body, { bom: true, columns: true });
    expect(Object.keys(parsed[0]!)).toEqual(LEDGER_HEADER);
    expect(parsed).toHaveLength(ENTRIES);
    const stored = await rows<{ d: string; g: number; v: number; text: string; by: string }>(
      t.database.db,
      sql`select to_char(p.prestige_datetime at time zone 'UTC', 'YYYY-MM-DD') as d, p.prestige_general as g,
          p.prestige_usable_general as v, p.prestige_description as text, r.user_camnum as by
          from prestige p join users r on r.id_user = p.id_reviewer where p.id_user = ${ledger} order by p.id_prestige desc`,
    );
    const unformula = (s: string) => (/^'[=+\-@]/.test(s) ? s.slice(1) : s);
    expect(parsed.map((r) => [r.date, Number(r.general), Number(r.vip), unformula(r.description!), r.awarded_by])).toEqual(
      stored.map((r) => [r.d, r.g, r.v, r.text, r.by]),
    );
  });

  it('prefixes a cell a spreadsheet would run as a formula', async () => {
    expect(['=1+2', '+1', '-2+3', '@SUM(A1)', '\tx', 'plain', 'a=b'].map(csvCell)).toEqual([
      "'=1+2",
      "'+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\tx",
      'plain',
      'a=b',
    ]);
    expect(csvCell(-3)).toBe('-3');
    const res = await get(`/api/prestiges/user/${ledger}/export`, 'admin');
    expect(res.body).toContain(`"'=HYPERLINK(""http://x.test"",""click"")"`);
    expect(res.body).not.toMatch(/,=HYPERLINK/);
  });

  it('exports the audit log with its filters, for administrators only', async () => {
    const res = await get('/api/audit-log/export?action=no.such.action', 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFFid,at,by,by_name,action,entity,entity_id,before,after,note\r\n');
    const one = await get('/api/audit-log/export?action=export.test', 'admin');
    const parsed: Record<string, string>[] = parse(one.body, { bom: true, columns: true });
    expect(parsed.map((r) => [r.by, r.action, r.note])).toEqual([[String(id.admin), 'export.test', "'=cmd"]]);
    expect((await get('/api/audit-log/export', 'member')).statusCode).toBe(403);
    const bad = await get('/api/audit-log/export?from=yesterday', 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toContain('from');
  });

  it('lets a member export their own ledger and not another member’s', async () => {
    expect((await get(`/api/prestiges/user/${id.member}/export`, 'member')).statusCode).toBe(200);
    expect((await get(`/api/prestiges/user/${ledger}/export`, 'member')).statusCode).toBe(403);
  });
});
