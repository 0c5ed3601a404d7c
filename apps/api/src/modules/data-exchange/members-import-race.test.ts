// A members file applied while that member saves their profile, on PostgreSQL (only it has sessions to race): the
// import, which planned before the save's phone and address were written, updates them rather than adding second
// ones the profile would never show.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildLocation, buildMember } from '../../test/factories';
import { importRequest } from '../../test/imports';
import { scalar } from '../../test/sql';
import { holdTableLock } from '../../test/table-lock';
import { adminApp, bearer, type TestApp, useTestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('a members import meeting a profile save', () => {
  useTestApp(adminApp, (app) => {
    ({ t } = app);
    admin = app.token.admin!;
  });

  it('leaves the member one phone and one address', async () => {
    const tag = `${Date.now() % 1e8}`;
    const { id_location, location_code } = await buildLocation(t.database.db, { location_code: `MR${tag}` });
    const email = `race.${tag}@example.test`;
    const member = await buildMember(t.database.db, { user_camnum: `MR${tag}`, email, id_location });
    const me = (await t.app.inject({ method: 'GET', url: `/api/user/${member.id_user}`, headers: bearer(admin) })).json().result;
    const save = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/user/${member.id_user}`,
        headers: bearer(admin),
        payload: {
          id_user: member.id_user,
          user_nick: null,
          user_prefix: null,
          user_bday: '1990-01-01',
          tbl_user_email: { id_email: me.tbl_user_email.id_email, email },
          tbl_user_phone: { id_phone: null, phone_number: '+1 555 0301' },
          tbl_user_address: { id_address: null, addr_line_1: '1 Main St', addr_city: 'Salem', addr_state: 'MA' },
        },
      });
    const csv = [
      'membership_number,first_name,last_name,email,phone,address_line_1,city,state,type,expiry,domain_code',
      `MR${tag},Test,Member,${email},+1 555 0302,2 Side St,Salem,MA,LARP,2099-12-31,${location_code}`,
    ].join('\n');
    const apply = () => t.app.inject(importRequest({ kind: 'members', csv, dry_run: false }, bearer(admin)));
    // The save holds the member's row and waits to write the phone; the import has planned (no phone yet) and
    // waits for the member's row; then the save goes first.
    const lock = await holdTableLock(t.url!, 'user_phones', 'share');
    const saved = save();
    await lock.waitFor(1, saved);
    const applied = apply();
    await lock.waitFor(2, applied);
    await lock.release();
    expect((await saved).statusCode, (await saved).body).toBe(200);
    expect((await applied).json().result).toMatchObject({ applied: true, updated: 1 });
    const count = (table: string) =>
      scalar(t.database.db, sql`select count(*)::int from ${sql.identifier(table)} where id_user = ${member.id_user}`);
    expect([await count('user_phones'), await count('user_addresses')]).toEqual([1, 1]);
  });
});
