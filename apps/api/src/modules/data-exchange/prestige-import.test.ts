// Issue 26: a prestige history file with every kind of bad row is previewed line by line and writes nothing; the
// fixed file adds its entries (a repeated entry twice) without a notice; a second run adds nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { buildMember } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { type ImportPayload, importRequest } from '../../test/imports';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: Record<string, string>;
let holder: number;
const tag = `${Date.now() % 1e8}`;
const [ann, bob] = [`PRA${tag}`, `PRB${tag}`];

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.accounts('member', 'admin'));
  holder = (await buildMember(t.database.db, { user_camnum: ann })).id_user;
  await buildMember(t.database.db, { user_camnum: bob });
});
afterAll(async () => {
  await t?.close();
});

const post = (who: string, payload: ImportPayload) => t.app.inject(importRequest(payload, bearer(token[who]!)));
const header = 'membership_number;date;category;general;regional;national;vip;description;awarded_by';
const entry = `${ann};2023-05-01;Administration;1;0;0;0;"Ran the door; all night";${bob}`;
const later = `${ann};2024-02-10;Communication;0;2;0;1;Newsletter;`;
const badFile = [
  header,
  entry, // 2
  `NOBODY${tag};2023-05-01;Administration;1;0;0;0;x;`, // 3
  `${ann};01/05/2023;Administration;1;0;0;0;x;`, // 4
  `${ann};2023-05-01;Juggling;1;0;0;0;x;`, // 5
  `${ann};2023-05-01;Administration;abc;0;0;0;x;`, // 6
  `${ann};2023-05-01;Administration;1;0;0;0;x;NOBODY${tag}`, // 7
  `${ann};2023-05-01;Administration;1;0;0;0;;`, // 8
  entry, // 9: the same entry again, awarded twice
  later,
].join('\n');
const ledger = () =>
  rows(
    t.database.db,
    sql`select count(*)::int as n, sum(prestige_general)::int as g, sum(prestige_regional)::int as r,
    sum(prestige_usable_general)::int as v from prestige where id_user = ${holder}`,
  );

/** A new member's portal awards (one per description, with its general prestige), and their domain's ledger export. */
async function awardAndExport(descriptions: string[], general: number[], ledger: 'location' | 'user' = 'location') {
  const member = await buildMember(t.database.db);
  for (const [i, description] of descriptions.entries()) {
    const award = {
      id_user: member.id_user,
      prestige_general: general[i],
      prestige_regional: 0,
      prestige_national: 0,
      prestige_usable_general: 0,
      prestige_category: 'Administration',
      prestige_description: description,
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/prestiges/add', headers: bearer(token.admin!), payload: award });
    expect(res.statusCode, res.body).toBe(200);
  }
  const id = ledger === 'location' ? member.id_location : member.id_user;
  const url = `/api/prestiges/${ledger}/${id}/export`;
  const exported = await t.app.inject({ method: 'GET', url, headers: bearer(token.admin!) });
  return { member, exported: exported.body };
}
const ledgerCount = async (id_user: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/prestiges/user/${id_user}`, headers: bearer(token.admin!) })).json().result.count;

describe('POST /api/imports (prestige)', () => {
  it('lists every bad row with its line and reason and writes nothing, dry run or apply', async () => {
    const before = JSON.stringify(await ledger());
    const res = await post('admin', { kind: 'prestige', csv: badFile });
    const { result } = res.json();
    expect(result).toMatchObject({ rows: 9, created: 3, skipped: 0, applied: false });
    expect(result.errors.map((e: { line: number; column: string }) => `${e.line}:${e.column}`)).toEqual([
      '3:membership_number',
      '4:date',
      '5:category',
      '6:general',
      '7:awarded_by',
      '8:description',
    ]);
    expect((await post('admin', { kind: 'prestige', csv: badFile, dry_run: false })).json().result.applied).toBe(false);
    expect(JSON.stringify(await ledger())).toBe(before);
  });

  it('adds the fixed file’s entries once, with no notice, and a second run adds nothing', async () => {
    const csv = [header, entry, entry, later].join('\r\n');
    const notices = () => scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${holder}`);
    const noticesBefore = await notices();
    // The holder's record, opened before, is remembered (decision 155): the import shows on it at once.
    expect(await ledgerCount(holder)).toBe(0);
    const res = await post('admin', { kind: 'prestige', csv, dry_run: false });
    expect(res.json().result).toMatchObject({ applied: true, created: 3, skipped: 0, errors: [] });
    expect(await ledger()).toEqual([{ n: 3, g: 2, r: 2, v: 1 }]);
    expect(await ledgerCount(holder)).toBe(3);
    const [first] = await rows<{ d: string; by: string }>(
      t.database.db,
      sql`select p.prestige_description as d, u.user_camnum as by from prestige p join users u on u.id_user = p.id_reviewer
          where p.id_user = ${holder} order by p.id_prestige limit 1`,
    );
    expect(first).toEqual({ d: 'Ran the door; all night', by: bob });
    expect(await notices()).toBe(noticesBefore);
    const again = await post('admin', { kind: 'prestige', csv, dry_run: false });
    expect(again.json().result).toMatchObject({ applied: true, created: 0, skipped: 3 });
    expect(await ledger()).toEqual([{ n: 3, g: 2, r: 2, v: 1 }]);
  });

  it('stores a file’s date as noon UTC, the instant shown as that day from UTC−11 to UTC+11', async () => {
    const ledger = await t.app.inject({ method: 'GET', url: `/api/prestiges/user/${holder}`, headers: bearer(token.admin!) });
    const dates = ledger.json().result.rows.map((r: { prestige_datetime: string }) => r.prestige_datetime);
    expect(dates.sort()).toEqual(['2023-05-01T12:00:00.000Z', '2023-05-01T12:00:00.000Z', '2024-02-10T12:00:00.000Z']);
  });

  it.each([
    ['domain', 'location'],
    ['member', 'user'],
  ] as const)(
    'opens a %s ledger export holding portal awards (with a time of day) back as an import that adds nothing',
    async (_, ledger) => {
      const { member, exported } = await awardAndExport(['Portal award 1', 'Portal award 2'], [1, 2], ledger);
      expect(parse(exported, { bom: true, columns: true })).toHaveLength(2);
      const dry = await post('admin', { kind: 'prestige', csv: exported });
      expect(dry.json().result).toMatchObject({ created: 0, skipped: 2, errors: [] });
      const applied = await post('admin', { kind: 'prestige', csv: exported, dry_run: false });
      expect(applied.json().result).toMatchObject({ applied: true, created: 0, skipped: 2 });
      expect(await ledgerCount(member.id_user)).toBe(2);
    },
  );

  it('takes an exported description the export guarded against formulas (an apostrophe first) back as it was', async () => {
    const { member, exported } = await awardAndExport(['-1 late sign-in'], [0]);
    expect(exported).toContain("'-1 late sign-in");
    const applied = await post('admin', { kind: 'prestige', csv: exported, dry_run: false });
    expect(applied.json().result).toMatchObject({ applied: true, created: 0, skipped: 1, errors: [] });
    expect(await ledgerCount(member.id_user)).toBe(1);
  });

  it('refuses a row with more fields than the header (a comma left unquoted) instead of cutting it short', async () => {
    const before = JSON.stringify(await ledger());
    const csv = [
      header.replaceAll(';', ',').replace(',awarded_by', ''),
      `${ann},2023-06-01,Administration,1,0,0,0,Ran the door, all night`,
    ].join('\r\n');
    const { result } = (await post('admin', { kind: 'prestige', csv, dry_run: false })).json();
    expect(result).toMatchObject({ applied: false, rows: 1, created: 0 });
    expect(result.errors.map((e: { line: number }) => e.line)).toEqual([2]);
    expect(result.errors[0].reason).toContain('9 fields');
    expect(JSON.stringify(await ledger())).toBe(before);
  });

  it('is for administrators only', async () => {
    expect((await post('member', { kind: 'prestige', csv: badFile })).statusCode).toBe(403);
  });
});
