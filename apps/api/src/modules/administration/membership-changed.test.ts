// An administrator's membership form written over a change made since it was opened (a coordinator's renewal, an
// accepted transfer): refused with a 409, the row as the change left it.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../test/sql';
import { type TestApp, useMatrixApp } from '../../test/test-app';

let t: TestApp;
let id: Record<string, number>;
const { get, post } = useMatrixApp((app) => {
  ({ t, id } = app);
});

const membershipOf = async (id_user: number) =>
  (
    await rows<{ user_type: string; user_expiration: string }>(
      t.database.db,
      sql`select user_type, user_expiration::text from users where id_user = ${id_user}`,
    )
  )[0]!;

describe('POST /api/users/{id}/membership after the membership changed', () => {
  it('refuses the form opened before a renewal, and saves one opened after it', async () => {
    const opened = await rows<{ user_camnum: string; user_type: string; user_expiration: string; id_location: number }>(
      t.database.db,
      sql`select user_camnum, user_type, user_expiration::text, id_location from users where id_user = ${id.member}`,
    );
    const form = { ...opened[0]!, expected: opened[0]! };
    const renewed = '2031-06-30';
    expect((await post(`/api/users/${id.member}/renew`, 'coordinator', { user_expiration: renewed })).statusCode).toBe(200);

    const stale = await post(`/api/users/${id.member}/membership`, 'admin', { ...form, user_type: 'Troupe' });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'administration.membership_changed']);
    expect(await membershipOf(id.member!)).toEqual({ user_type: opened[0]!.user_type, user_expiration: renewed });

    // Opened again, as the page does: the row of the member list is what the form sends back as expected.
    const listed = (await get(`/api/coordinator/members?name=${opened[0]!.user_camnum}`, 'admin')).json().result.rows;
    const row = listed.find((m: { id_user: number }) => m.id_user === id.member);
    const reopened = {
      user_camnum: row.user_camnum,
      user_type: row.user_type,
      user_expiration: row.user_expiration,
      id_location: row.id_location,
    };
    expect(reopened).toEqual({ ...opened[0]!, user_expiration: renewed });
    const fresh = await post(`/api/users/${id.member}/membership`, 'admin', { ...reopened, user_type: 'Troupe', expected: reopened });
    expect(fresh.statusCode).toBe(200);
    expect(await membershipOf(id.member!)).toEqual({ user_type: 'Troupe', user_expiration: renewed });
  });
});
