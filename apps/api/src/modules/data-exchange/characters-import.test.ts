// Issue 26: a characters file with every kind of bad row is previewed line by line and writes nothing; the fixed
// file adds its characters, Pending on their style sheets, with the opening XP as a log entry that the balance
// agrees with; a second run adds nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildVenue } from '../../test/factories';
import { rows } from '../../test/sql';
import { type ImportPayload, importRequest } from '../../test/imports';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: Record<string, string>;
let player: number;
const tag = `${Date.now() % 1e8}`;
const [camnum, venue] = [`CP${tag}`, `Sheet ${tag}`];
let type: string;
let subtype: string;
let foreignSubtype: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.accounts('member', 'admin'));
  const db = t.database.db;
  player = (await buildMember(db, { user_camnum: camnum })).id_user;
  await buildVenue(db, { venue_name: venue });
  const kinds = await rows<{ type: string; subtype: string }>(
    db,
    sql`select distinct on (t.id_type) t.type_name as type, s.subtype_name as subtype from character_types t
        join character_subtypes s on s.id_parent_type = t.id_type
        where not exists (select 1 from character_subtypes o where o.id_parent_type <> t.id_type and lower(o.subtype_name) = lower(s.subtype_name))
        order by t.id_type, s.id_subtype limit 2`,
  );
  [type, subtype, foreignSubtype] = [kinds[0]!.type, kinds[0]!.subtype, kinds[1]!.subtype];
});
afterAll(async () => {
  await t?.close();
});

const post = (who: string, payload: ImportPayload) => t.app.inject(importRequest(payload, bearer(token[who]!)));
const header = 'player_membership_number,name,type,subtype,venue,status,virtue,vice,concept,opening_xp';
const row = (name: string, extra: Partial<Record<'camnum' | 'type' | 'subtype' | 'venue' | 'status' | 'virtue' | 'xp', string>> = {}) =>
  [
    extra.camnum ?? camnum,
    name,
    extra.type ?? type,
    extra.subtype ?? subtype,
    extra.venue ?? venue,
    extra.status ?? 'Active',
    extra.virtue ?? 'Hope',
    'Pride',
    '"Scholar, exiled"',
    extra.xp ?? '12',
  ].join(',');
const badFile = () =>
  [
    header,
    row('Ada'), // 2
    row('Bo', { camnum: `NOBODY${tag}` }), // 3
    row('Cy', { type: 'Dragon' }), // 4
    row('Di', { subtype: foreignSubtype }), // 5: a subtype of another type
    row('Ed', { venue: `Nowhere ${tag}` }), // 6
    row('Flo', { status: 'Sleeping' }), // 7
    row('Gus', { virtue: 'Greed' }), // 8
    row('Hal', { xp: '-3' }), // 9
    row('ada'), // 10: the player's Ada again
    row('Ivy', { xp: '' }),
  ].join('\n');
const characterRows = () =>
  rows<{ name: string; balance: number; logged: number; reviewed: string }>(
    t.database.db,
    sql`select c.character_name as name, c.xp_balance as balance, c.being_reviewed as reviewed,
        coalesce((select sum(x.xp_amount) from xp_logs x where x.id_character = c.id_character and not x.is_void), 0)::int as logged
        from characters c where c.id_user = ${player} order by c.id_character`,
  );

describe('POST /api/imports (characters)', () => {
  it('lists every bad row with its line and reason and writes nothing, dry run or apply', async () => {
    const res = await post('admin', { kind: 'characters', csv: badFile() });
    const { result } = res.json();
    expect(result).toMatchObject({ rows: 10, created: 2, skipped: 0, applied: false });
    expect(result.errors.map((e: { line: number; column: string }) => `${e.line}:${e.column}`)).toEqual([
      '3:player_membership_number',
      '4:type',
      '5:subtype',
      '6:venue',
      '7:status',
      '8:virtue',
      '9:opening_xp',
      '10:name',
    ]);
    expect(result.errors[2].reason).toContain('has no subtype');
    expect((await post('admin', { kind: 'characters', csv: badFile(), dry_run: false })).json().result.applied).toBe(false);
    expect(await characterRows()).toEqual([]);
  });

  it('adds the fixed file’s characters with their opening XP logged, and a second run adds nothing', async () => {
    const csv = [header, row('Ada'), row('Ivy', { xp: '' })].join('\r\n');
    const res = await post('admin', { kind: 'characters', csv, dry_run: false });
    expect(res.json().result).toMatchObject({ applied: true, created: 2, skipped: 0, errors: [] });
    const made = [
      { name: 'Ada', balance: 12, logged: 12, reviewed: 'no' },
      { name: 'Ivy', balance: 0, logged: 0, reviewed: 'no' },
    ];
    expect(await characterRows()).toEqual(made);
    const again = await post('admin', { kind: 'characters', csv, dry_run: false });
    expect(again.json().result).toMatchObject({ applied: true, created: 0, skipped: 2 });
    expect(await characterRows()).toEqual(made);
  });

  it('refuses a character for a deactivated member, naming the line and the column', async () => {
    const quiet = `CQ${tag}`;
    await buildMember(t.database.db, { user_camnum: quiet, is_disabled: true });
    const res = await post('admin', { kind: 'characters', csv: [header, row('Sleeper', { camnum: quiet })].join('\n'), dry_run: false });
    const { errors, applied } = res.json().result;
    expect(applied).toBe(false);
    expect(errors).toEqual([{ line: 2, column: 'player_membership_number', reason: expect.stringContaining('deactivated') }]);
  });

  it('is for administrators only', async () => {
    expect((await post('member', { kind: 'characters', csv: badFile() })).statusCode).toBe(403);
  });
});
