// Membership numbers are written upper-case, as the society prints them and every search reads them: one typed in
// lower case is stored upper-case, so the lookup and the imports find its member, and cannot be given twice in two
// cases.
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLocation, buildMember } from '../../test/factories';
import { importRequest } from '../../test/imports';
import { rows, scalar } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: Record<string, string>;
let home: number;
const tag = `${Date.now() % 1e7}`;
const code = `LC${tag}`;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.accounts('admin'));
  home = (await buildLocation(t.database.db, { location_code: code })).id_location;
});
afterAll(async () => {
  await t?.close();
});

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token.admin!), payload });
const member = (camnum: string, n: number) => ({
  user_fname: 'Wren',
  user_lname: `Lowercase ${n}`,
  user_camnum: camnum,
  user_type: 'LARP',
  user_expiration: '2027-11-30',
  id_location: home,
  tbl_user_email: { email: `wren.${n}.${tag}@example.test` },
});

describe('a membership number typed in lower case', () => {
  it('is stored upper-case, found by the lookup as typed, and the same number in upper case is taken (409)', async () => {
    const created = await asAdmin('POST', '/api/users', member(`lc-${tag}a`, 1));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().result.user_camnum).toBe(`LC-${tag}A`);

    const found = await asAdmin('GET', `/api/users?membershipCode=lc-${tag}a`);
    expect(found.json().result.rows.map((m: { user_lname: string }) => m.user_lname)).toEqual(['Lowercase 1']);

    const again = await asAdmin('POST', '/api/users', member(`LC-${tag}A`, 2));
    expect(again.statusCode).toBe(409);
    expect(await scalar(t.database.db, sql`select count(*)::int from users where upper(user_camnum) = ${`LC-${tag}A`}`)).toBe(1);
  });

  it('in an import names the member who has it: a members row updates them, a prestige row is theirs', async () => {
    const camnum = `lc-${tag}b`;
    // Given upper-case, typed lower-case in the files.
    expect((await asAdmin('POST', '/api/users', member(camnum.toUpperCase(), 3))).statusCode).toBe(200);
    const members = [
      'membership_number,first_name,last_name,email,type,expiry,domain_code',
      `${camnum},Wren,Renamed,wren.3.${tag}@example.test,LARP,2028-01-31,${code}`,
    ].join('\n');
    const applied = await t.app.inject(importRequest({ kind: 'members', csv: members, dry_run: false }, bearer(token.admin!)));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().result).toMatchObject({ created: 0, updated: 1 });
    expect(await rows(t.database.db, sql`select user_lname from users where user_camnum = ${camnum.toUpperCase()}`)).toEqual([
      { user_lname: 'Renamed' },
    ]);

    const prestige = [
      'membership_number;date;category;general;regional;national;vip;description;awarded_by',
      `${camnum};2026-11-01;Administration;5;0;0;0;Lower-case number ${tag};`,
    ].join('\n');
    const awarded = await t.app.inject(importRequest({ kind: 'prestige', csv: prestige, dry_run: false }, bearer(token.admin!)));
    expect(awarded.statusCode, awarded.body).toBe(200);
    expect(
      await scalar(
        t.database.db,
        sql`select count(*)::int from prestige p join users u on u.id_user = p.id_user
            where u.user_camnum = ${camnum.toUpperCase()} and p.prestige_description = ${`Lower-case number ${tag}`}`,
      ),
    ).toBe(1);
  });

  it('written before this rule, is raised by the upgrade, unless another number differs from it only in case', async () => {
    const db = t.database.db;
    for (const user_camnum of [`old-${tag}`, `pair-${tag}`, `PAIR-${tag}`]) await buildMember(db, { user_camnum });
    const upgrade = await readFile(new URL('../../db/migrations/0021_membership_numbers_upper_case.sql', import.meta.url), 'utf8');
    await db.execute(sql.raw(upgrade));
    const numbers = await rows<{ n: string }>(db, sql`select user_camnum as n from users where upper(user_camnum) like ${`%-${tag}`}`);
    expect(numbers.map((r) => r.n).sort()).toEqual([`OLD-${tag}`, `PAIR-${tag}`, `pair-${tag}`]);
  });
});
