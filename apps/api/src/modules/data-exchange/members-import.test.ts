// Issue 26: a members file with every kind of bad row is previewed with each row's line, column and reason and
// writes nothing, not even when applied; the fixed file (semicolons, BOM, CRLF, a quoted multi-line field)
// applies all at once, audited; a second run changes nothing. Only administrators import.
import { MAX_IMPORT_BYTES } from '@guildhall/shared/schemas/data-exchange';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLocation, buildMember } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { type ImportPayload, importRequest } from '../../test/imports';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: Record<string, string>;
const tag = `${Date.now() % 1e8}`;
const code = `IMP${tag}`;
const twin = `AMB${tag}`;
const takenEmail = `TAKEN.${tag}@example.test`;
const existingCamnum = `EX${tag}`;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.accounts('member', 'admin'));
  const db = t.database.db;
  await buildLocation(db, { location_code: code });
  await buildLocation(db, { location_code: twin });
  await buildLocation(db, { location_code: twin });
  await buildMember(db, { email: `taken.${tag}@example.test` });
  await buildMember(db, { user_camnum: existingCamnum, user_fname: 'Old', email: `ex.${tag}@example.test` });
});
afterAll(async () => {
  await t?.close();
});

const post = (who: string, payload: ImportPayload) => t.app.inject(importRequest(payload, bearer(token[who]!)));
const header = 'membership_number,first_name,last_name,email,phone,address_line_1,city,state,type,expiry,domain_code';
const good = (n: string, extra = '') =>
  `N${tag}${n},Ada,"Lovelace, ${n}",ada.${n}.${tag}@example.test,+1 555 01${n},12 Lantern Row,Salem,MA,LARP,2027-11-30,${code}${extra}`;
const badFile = [
  header,
  good('01'), // line 2
  `N${tag}02,Bo,Bad,bo.${tag}@example.test,,,,,LARP,2027-11-30,NOPE${tag}`, // 3 unknown domain
  `N${tag}03,Cy,Taken,${takenEmail},,,,,LARP,2027-11-30,${code}`, // 4 e-mail of another member
  `N${tag}04,Di,Date,di.${tag}@example.test,,,,,LARP,2027-02-30,${code}`, // 5 no such date
  `N${tag}05,Ed,,ed.${tag}@example.test,,,,,LARP,2027-11-30,${code}`, // 6 no last name
  `N${tag}06,Flo,Type,flo.${tag}@example.test,,,,,Wizard,2027-11-30,${code}`, // 7 unknown type
  `N${tag}01,Gus,Twice,gus.${tag}@example.test,,,,,LARP,2027-11-30,${code}`, // 8 number twice in the file
  `N${tag}08,Hal,Mail,not-an-email,,,,,LARP,2027-11-30,${code}`, // 9 bad e-mail
  `N${tag}09,Ivy,Twin,ivy.${tag}@example.test,,,,,LARP,2027-11-30,${twin}`, // 10 ambiguous code
  `,Jo,NoNumber,jo.${tag}@example.test,,,,,LARP,2027-11-30,${code}`, // 11 no membership number
  `N${tag}11,Kit,Multi,kit.${tag}@example.test,,"1 Long Road`, // 12-13: a quoted field over two lines
  `Flat 2",Salem,MA,Tabletop,2027-11-30,${code}`,
  `N${tag}12,Lu,Late,lu.${tag}@example.test,,,,,LARP,31/12/2027,${code}`, // 14 a date as a spreadsheet writes it
  `${existingCamnum},New,Name,ex.${tag}@example.test,,,,,LARP,2099-12-31,${code}`, // 15 an update
].join('\n');

const snapshot = async () =>
  JSON.stringify(
    await rows(
      t.database.db,
      sql`select (select count(*) from users)::int as users, (select count(*) from user_emails)::int as emails,
          (select count(*) from user_phones)::int as phones, (select count(*) from user_addresses)::int as addresses,
          (select count(*) from audit_log)::int as audit,
          (select string_agg(u.user_fname || u.user_lname || coalesce(u.user_expiration::text, ''), ',' order by u.id_user) from users u) as names`,
    ),
  );

describe('POST /api/imports (members)', () => {
  it('lists every bad row with its line, column and reason and writes nothing on a dry run', async () => {
    const before = await snapshot();
    const res = await post('admin', { kind: 'members', csv: badFile });
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result).toMatchObject({ dry_run: true, applied: false, rows: 13, created: 2, updated: 1, skipped: 0 });
    const at = result.errors.map((e: { line: number; column: string }) => `${e.line}:${e.column}`);
    expect(at).toEqual([
      '3:domain_code',
      '4:email',
      '5:expiry',
      '6:last_name',
      '7:type',
      '8:membership_number',
      '9:email',
      '10:domain_code',
      '11:membership_number',
      '14:expiry',
    ]);
    const reason = (line: number) => result.errors.find((e: { line: number }) => e.line === line).reason;
    expect(reason(3)).toContain('unknown domain code');
    expect(reason(4)).toContain('duplicate e-mail');
    expect(reason(7)).toContain('unknown membership type Wizard');
    expect(reason(8)).toContain('also on line 2');
    expect(reason(10)).toContain('names 2 domains');
    expect(await snapshot()).toBe(before);
  });

  it('applies nothing of a file with a bad row (all or nothing)', async () => {
    const before = await snapshot();
    const res = await post('admin', { kind: 'members', csv: badFile, dry_run: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ dry_run: false, applied: false });
    expect(await snapshot()).toBe(before);
  });

  it('applies the fixed file (semicolons, BOM, CRLF) in one go, audited, and a second run changes nothing', async () => {
    const fixed = `\uFEFF${[
      header,
      good('01'),
      good('21'),
      `N${tag}11,Kit,Multi,kit.${tag}@example.test,,"1 Long Road\r\nFlat 2",Salem,MA,Tabletop,2027-11-30,${code}`,
      `${existingCamnum},New,Name,ex.${tag}@example.test,,,,,LARP,2099-12-31,${code}`,
    ]
      .map((line) => line.replace(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/g, ';'))
      .join('\r\n')}\r\n`;
    const audit = await scalar(t.database.db, sql`select count(*)::int from audit_log where action = 'import.members'`);
    const res = await post('admin', { kind: 'members', csv: fixed, dry_run: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ applied: true, rows: 4, created: 3, updated: 1, skipped: 0, errors: [] });
    const [ada] = await rows<Record<string, string>>(
      t.database.db,
      sql`select u.user_lname, e.email, p.phone_number, a.addr_city from users u join user_emails e using (id_user)
          join user_phones p using (id_user) join user_addresses a using (id_user) where u.user_camnum = ${`N${tag}01`}`,
    );
    expect(ada).toEqual({
      user_lname: 'Lovelace, 01',
      email: `ada.01.${tag}@example.test`,
      phone_number: '+1 555 0101',
      addr_city: 'Salem',
    });
    const [kit] = await rows<{ addr_line_1: string }>(
      t.database.db,
      sql`select a.addr_line_1 from users u join user_addresses a using (id_user) where u.user_camnum = ${`N${tag}11`}`,
    );
    expect(kit!.addr_line_1).toBe('1 Long Road\r\nFlat 2');
    expect(
      await scalar(t.database.db, sql`select count(*)::int from users where user_camnum = ${existingCamnum} and user_fname = 'New'`),
    ).toBe(1);
    expect(await scalar(t.database.db, sql`select count(*)::int from audit_log where action = 'import.members'`)).toBe(audit + 1);

    const before = await snapshot();
    const again = await post('admin', { kind: 'members', csv: fixed, dry_run: false });
    expect(again.json().result).toMatchObject({ applied: true, created: 0, updated: 0, skipped: 4 });
    expect(await snapshot()).toBe(before);
  });

  it('finds an e-mail twice in the file whatever its case, naming the line it was first on', async () => {
    const mail = `o'neil+${tag}@example.test`;
    const file = [
      header,
      `D${tag}1,Ann,One,${mail},,,,,LARP,2027-11-30,${code}`,
      `D${tag}2,Bob,Two,bob.${tag}@example.test,,,,,LARP,2027-11-30,${code}`,
      `D${tag}3,Cat,Three,${mail.toUpperCase()},,,,,LARP,2027-11-30,${code}`,
      `D${tag}2,Dan,Four,${mail},,,,,LARP,2027-11-30,${code}`,
    ].join('\n');
    const { result } = (await post('admin', { kind: 'members', csv: file })).json();
    expect(result).toMatchObject({ rows: 4, created: 2 });
    expect(result.errors).toEqual([
      { line: 4, column: 'email', reason: 'duplicate e-mail: also on line 2' },
      { line: 5, column: 'membership_number', reason: 'duplicate membership number: also on line 3' },
      { line: 5, column: 'email', reason: 'duplicate e-mail: also on line 2' },
    ]);
  });

  it('names a row after a blank line by the line it is on', async () => {
    const file = [header, good('31'), '', `N${tag}32,Mo,Blank,mo.${tag}@example.test,,,,,LARP,2027-02-30,${code}`].join('\r\n');
    const { result } = (await post('admin', { kind: 'members', csv: file })).json();
    expect(result.errors.map((e: { line: number; column: string }) => `${e.line}:${e.column}`)).toEqual(['4:expiry']);
  });

  it('is for administrators only', async () => {
    expect((await post('member', { kind: 'members', csv: badFile })).statusCode).toBe(403);
    const template = await t.app.inject({ method: 'GET', url: '/api/imports/templates/members', headers: bearer(token.member!) });
    expect(template.statusCode).toBe(403);
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [ImportPayload, string][] = [
      [{ kind: 'members' }, 'csv'],
      [{ kind: 'wizards', csv: header }, 'kind'],
      [{ kind: 'members', csv: header, dry_run: 'yes' }, 'dry_run'],
      [{ kind: 'members', csv: 'membership_number,shoe_size\nX1,42' }, 'csv'],
      [{ kind: 'members', csv: 'membership_number,first_name\nX1,Ann' }, 'csv'],
      [{ kind: 'members', csv: `${header},Email\nX1,Ann,Lee,a@example.test,,,,,LARP,2027-01-01,${code},b@example.test` }, 'csv'],
      [{ kind: 'members', csv: `${header}\n"unclosed,quote` }, 'csv'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('admin', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
  });

  it('refuses a file over the limit as 413 before reading it, and a body that is not text/csv as 415', async () => {
    const huge = importRequest({ kind: 'members', csv: header }, { ...bearer(token.admin!), 'content-length': `${MAX_IMPORT_BYTES + 1}` });
    const res = await t.app.inject(huge);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('csv');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/imports?kind=members',
      headers: bearer(token.admin!),
      payload: { csv: header },
    });
    expect(json.statusCode).toBe(415);
  });

  it('offers a template per kind: BOM, then the header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/imports/templates/members', headers: bearer(token.admin!) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toBe(
      '\uFEFFmembership_number,first_name,middle_name,last_name,email,phone,address_line_1,address_line_2,city,state,zip,country,type,expiry,domain_code\r\n',
    );
  });
});
