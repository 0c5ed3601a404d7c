// Issue 26: a positions file with every kind of bad row is previewed line by line and writes nothing; the fixed
// file creates and reassigns posts with their holdings dated `since`, in one go; a second run changes nothing.
import { IMPORT_COLUMNS } from '@guildhall/shared/schemas/data-exchange';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionHolders } from '../../db/index';
import { buildLocation, buildMember, buildPosition } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { type ImportPayload, importRequest } from '../../test/imports';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: Record<string, string>;
const tag = `${Date.now() % 1e8}`;
const [here, there] = [`PA${tag}`, `PB${tag}`];
const [ann, bob, gone] = [`PHA${tag}`, `PHB${tag}`, `PHX${tag}`];
let reassigned: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.accounts('member', 'admin'));
  const db = t.database.db;
  await buildLocation(db, { location_code: here });
  const other = await buildLocation(db, { location_code: there });
  await buildMember(db, { user_camnum: ann });
  const b = await buildMember(db, { user_camnum: bob });
  await buildMember(db, { user_camnum: gone, is_disabled: true });
  reassigned = (await buildPosition(db, { pos_type: 'DC', id_location: other.id_location, id_user: b.id_user })).id_position;
});
afterAll(async () => {
  await t?.close();
});

const post = (who: string, payload: ImportPayload) => t.app.inject(importRequest(payload, bearer(token[who]!)));
const header = 'domain_code,position_type,holder_membership_number,since';
const goodRows = [`${here},DC,${ann},2024-01-01`, `${here},DST,,`, `${there},dc,${ann},2025-06-01`];
const badFile = [
  header,
  goodRows[0], // 2
  `NOPE${tag},DC,${ann},`, // 3
  `${here},XYZ,${ann},`, // 4
  `${here},VST,${ann},`, // 5
  `${here},RC,NOBODY${tag},`, // 6
  `${here},RST,${gone},`, // 7
  `${here},NC,${ann},2024-13-01`, // 8
  `${here},DC,${bob},`, // 9 the same post as line 2
  goodRows[1],
  goodRows[2],
].join('\n');

const snapshot = async () =>
  JSON.stringify(
    await rows(
      t.database.db,
      sql`select (select count(*) from audit_log)::int as audit,
          (select string_agg(concat_ws(':', id_position, id_location, pos_type, id_user), ',' order by id_position) from positions) as posts,
          (select string_agg(concat_ws(':', id, id_user, started_at, ended_at), ',' order by id) from position_holders) as holdings`,
    ),
  );

describe('POST /api/imports (positions)', () => {
  it('lists every bad row with its line and reason and writes nothing, dry run or apply', async () => {
    const before = await snapshot();
    const res = await post('admin', { kind: 'positions', csv: badFile });
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result).toMatchObject({ rows: 10, created: 2, updated: 1, skipped: 0, applied: false });
    expect(result.errors.map((e: { line: number; column: string }) => `${e.line}:${e.column}`)).toEqual([
      '3:domain_code',
      '4:position_type',
      '5:position_type',
      '6:holder_membership_number',
      '7:holder_membership_number',
      '8:since',
      '9:position_type',
    ]);
    expect(result.errors[6].reason).toContain('also on line 2');
    const applied = await post('admin', { kind: 'positions', csv: badFile, dry_run: false });
    expect(applied.json().result.applied).toBe(false);
    expect(await snapshot()).toBe(before);
  });

  it('applies the fixed file: new posts, a reassignment dated since, and a second run changes nothing', async () => {
    const csv = [header, ...goodRows].join('\r\n');
    const res = await post('admin', { kind: 'positions', csv, dry_run: false });
    expect(res.json().result).toMatchObject({ applied: true, created: 2, updated: 1, skipped: 0, errors: [] });
    const holdings = await rows<{ camnum: string; started: string; ended: boolean }>(
      t.database.db,
      sql`select u.user_camnum as camnum, h.started_at::date::text as started, h.ended_at is not null as ended
          from position_holders h join users u using (id_user) where h.id_position = ${reassigned} order by h.id`,
    );
    // The factory's post had no holding row: the import's is the one open holding, dated as the file says.
    expect(holdings.map((h) => `${h.camnum}:${h.ended}:${h.started}`)).toEqual([`${ann}:false:2025-06-01`]);
    // Noon UTC of the file's day: every reader from UTC−11 to UTC+11 sees June 1st.
    const history = await t.app.inject({ method: 'GET', url: `/api/positions/${reassigned}/history`, headers: bearer(token.admin!) });
    expect(history.json().result.rows.map((h: { started_at: string }) => h.started_at)).toEqual(['2025-06-01T12:00:00.000Z']);
    const holder = await scalar(
      t.database.db,
      sql`select count(*)::int from positions p join users u using (id_user)
      where p.id_position = ${reassigned} and u.user_camnum = ${ann}`,
    );
    expect(holder).toBe(1);
    expect(await scalar(t.database.db, sql`select count(*)::int from audit_log where action = 'import.positions'`)).toBeGreaterThan(0);
    const before = await snapshot();
    const again = await post('admin', { kind: 'positions', csv, dry_run: false });
    expect(again.json().result).toMatchObject({ applied: true, created: 0, updated: 0, skipped: 3 });
    expect(await snapshot()).toBe(before);
  });

  it("ends the former holder's holding when the file's holder started, not on the day of the import", async () => {
    const db = t.database.db;
    const place = `PC${tag}`;
    const { id_location } = await buildLocation(db, { location_code: place });
    const former = await buildMember(db);
    const held = await buildPosition(db, { pos_type: 'DC', id_location, id_user: former.id_user });
    await db
      .insert(positionHolders)
      .values({ id_position: held.id_position, id_user: former.id_user, started_at: new Date('2020-01-01T12:00:00Z') });
    const csv = [header, `${place},DC,${ann},2025-06-01`].join('\n');
    expect((await post('admin', { kind: 'positions', csv, dry_run: false })).json().result).toMatchObject({ applied: true, updated: 1 });
    const history = await t.app.inject({ method: 'GET', url: `/api/positions/${held.id_position}/history`, headers: bearer(token.admin!) });
    expect(history.json().result.rows.map((h: { started_at: string; ended_at: string | null }) => [h.started_at, h.ended_at])).toEqual([
      ['2020-01-01T12:00:00.000Z', '2025-06-01T12:00:00.000Z'],
      ['2025-06-01T12:00:00.000Z', null],
    ]);
  });

  it.each([
    ['positions', 'holder_membership_number'],
    ['characters', 'player_membership_number'],
    ['prestige', 'membership_number'],
    ['prestige', 'awarded_by'],
  ] as const)('answers a %s file whose %s holds a NUL byte with a row error naming that column', async (kind, column) => {
    const columns = IMPORT_COLUMNS[kind];
    const csv = [columns.join(','), columns.map((c) => (c === column ? `${ann}\u0000` : '')).join(',')].join('\n');
    const res = await post('admin', { kind, csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.errors.map((e: { line: number; column: string }) => `${e.line}:${e.column}`)).toContain(`2:${column}`);
  });

  it('is for administrators only', async () => {
    expect((await post('member', { kind: 'positions', csv: badFile })).statusCode).toBe(403);
  });
});
