// POST /user/{id_user} with a new e-mail address: the former address is told, and links sent before stop working, so
// a session someone took cannot quietly become the account through a reset link sent to an address of their own.
import { describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { adminApp, bearer, type TestApp, useTestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
useTestApp(adminApp, (app) => {
  ({ t } = app);
  admin = app.token.admin!;
});

type OutboxRow = { recipient: string; subject: string; kind: string };
// The set-password link went to the address too: only word of the change is looked for.
const changeNoticesTo = async (recipient: string): Promise<OutboxRow[]> =>
  (await t.app.inject({ method: 'GET', url: '/api/mail/outbox?count=100', headers: bearer(admin) }))
    .json()
    .result.rows.filter((row: OutboxRow) => row.recipient === recipient && row.subject.includes('e-mail address was changed'));

async function memberWithLink(tag: string) {
  const email = `before.${tag}.${Date.now()}@guildhall.test`;
  const member = await buildMember(t.database.db, { email });
  const me = (await t.app.inject({ method: 'GET', url: `/api/user/${member.id_user}`, headers: bearer(admin) })).json().result;
  const link = (
    await t.app.inject({ method: 'POST', url: `/api/users/${member.id_user}/set-password-link`, headers: bearer(admin) })
  ).json().result.url as string;
  const session = await t.sessionFor(member.id_user);
  const save = (address: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/user/${member.id_user}`,
      headers: bearer(session),
      payload: {
        id_user: member.id_user,
        user_nick: null,
        user_prefix: null,
        user_bday: '1990-01-01',
        tbl_user_email: { id_email: me.tbl_user_email.id_email, email: address },
        tbl_user_phone: { id_phone: null, phone_number: '+1 555 0100' },
        tbl_user_address: { id_address: null, addr_line_1: '1 Main St', addr_city: 'Salem', addr_state: 'MA' },
      },
    });
  const opens = async () => (await t.app.inject({ method: 'GET', url: new URL(link).pathname })).statusCode;
  return { email, save, opens };
}

describe('a member changing their e-mail address', () => {
  it('tells the former address, and the links sent before stop working', async () => {
    const { email, save, opens } = await memberWithLink('changed');
    expect(await opens()).toBe(200);
    const res = await save(`after.${Date.now()}@guildhall.test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await changeNoticesTo(email)).toEqual([expect.objectContaining({ kind: 'account' })]);
    expect(await opens()).toBe(410);
  });

  it('does neither when the save keeps the address (in any case)', async () => {
    const { email, save, opens } = await memberWithLink('kept');
    expect((await save(email.toUpperCase())).statusCode).toBe(200);
    expect(await changeNoticesTo(email)).toEqual([]);
    expect(await opens()).toBe(200);
  });
});
