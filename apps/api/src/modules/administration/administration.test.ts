// Issue 13: Administration (members, positions, audit log) — validation, envelopes, the roles × calls matrix,
// an audit row for every change, and a reassignment moving open applications to the new holder.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApproval, buildCharacter, buildLocation, buildMember, buildPosition, buildVenue } from '../../test/factories';
import { memberCreateSchema } from '@guildhall/shared/schemas/administration';
import { rows, scalar } from '../../test/sql';
import { bearer, createTestApp, matrixAccounts, type TestApp } from '../../test/test-app';
import { createMember, reissueLink } from './members.service';

let t: TestApp;
let id: Record<string, number>;
let token: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  let home: number;
  ({ id, token, home } = await matrixAccounts(t));
  id.memberLocation = home;
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, who: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token[who]!), ...(payload ? { payload } : {}) });
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(token[who]!) });
const auditCount = (action: string, entityId: number | string) =>
  scalar(t.database.db, sql`select count(*)::int from audit_log where action = ${action} and entity_id = ${String(entityId)}`);

let seq = 0;
const newMember = (extra: Record<string, unknown> = {}) => {
  seq++;
  return {
    user_fname: 'Nadia',
    user_lname: `Petrova ${seq}`,
    user_camnum: `NEW${Date.now() % 1e6}${seq}`,
    user_type: 'LARP',
    user_expiration: '2027-11-30',
    id_location: id.memberLocation,
    tbl_user_email: { email: `nadia${seq}.${Date.now()}@example.test` },
    ...extra,
  };
};

describe('POST /api/users (create a member)', () => {
  it('creates the member with their email, answers the record and a one-time link valid 72 h, and audits it', async () => {
    const payload = newMember({ user_mname: 'Ilyinichna' });
    const res = await post('/api/users', 'admin', payload);
    expect(res.statusCode).toBe(200);
    const { result, extra } = res.json();
    expect(result).toMatchObject({
      user_fname: 'Nadia',
      user_mname: 'Ilyinichna',
      user_camnum: payload.user_camnum,
      id_location: id.memberLocation,
    });
    expect(result.tbl_user_email.email).toBe(payload.tbl_user_email.email);
    expect(extra.setPasswordLink.url).toMatch(/^http:\/\/localhost:3999\/set-password\/[A-Za-z0-9_-]{40,}$/);
    const hours = (Date.parse(extra.setPasswordLink.expires_at) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    expect(await auditCount('member.create', result.id_user)).toBe(1);
    // Only the token's hash is stored.
    const token = extra.setPasswordLink.url.split('/').at(-1);
    expect(await scalar(t.database.db, sql`select count(*)::int from password_setup_tokens where token_hash = ${token}`)).toBe(0);
  });

  it('lets the new member set a password once through the link, then sign in', async () => {
    const payload = newMember();
    const { extra, result } = (await post('/api/users', 'admin', payload)).json();
    const path = new URL(extra.setPasswordLink.url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Set your password');
    const differ = await t.app.inject({ method: 'POST', url: path, payload: { password: 'a', confirm: 'b' } });
    expect(differ.statusCode).toBe(400);
    const weak = await t.app.inject({ method: 'POST', url: path, payload: { password: 'password', confirm: 'password' } });
    expect(weak.statusCode).toBe(400);
    const strong = 'lantern harbour violet marmalade';
    const set = await t.app.inject({ method: 'POST', url: path, payload: { password: strong, confirm: strong } });
    expect(set.statusCode).toBe(200);
    expect(set.body).toContain('Password set');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: payload.tbl_user_email.email, password: strong },
    });
    expect(signIn.statusCode).toBe(200);
    // Used once: the link is dead now.
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(410);
    const again = await t.app.inject({ method: 'POST', url: path, payload: { password: `${strong}!`, confirm: `${strong}!` } });
    expect(again.statusCode).toBe(410);
    expect(await auditCount('member.password_set', result.id_user)).toBe(1);
  });

  it('refuses an expired link and an unknown one', async () => {
    const { extra, result } = (await post('/api/users', 'admin', newMember())).json();
    await t.database.db.execute(
      sql`update password_setup_tokens set expires_at = now() - interval '1 second' where id_user = ${result.id_user}`,
    );
    expect((await t.app.inject({ method: 'GET', url: new URL(extra.setPasswordLink.url).pathname })).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: '/set-password/nonsense-token-that-is-long-enough' })).statusCode).toBe(410);
  });

  it('setting a password through a link signs the member out everywhere (account recovery)', async () => {
    const { result } = (await post('/api/users', 'admin', newMember())).json();
    const session = await t.sessionFor(result.id_user);
    const own = () => t.app.inject({ method: 'GET', url: `/api/user/${result.id_user}`, headers: bearer(session) });
    expect((await own()).statusCode).toBe(200);
    const link = (await post(`/api/users/${result.id_user}/set-password-link`, 'admin')).json().result.url;
    const strong = 'quarry meadow saffron lighthouse';
    const set = await t.app.inject({ method: 'POST', url: new URL(link).pathname, payload: { password: strong, confirm: strong } });
    expect(set.statusCode).toBe(200);
    expect((await own()).statusCode).toBe(401);
  });

  it('a new link replaces the old one', async () => {
    const { extra, result } = (await post('/api/users', 'admin', newMember())).json();
    const res = await post(`/api/users/${result.id_user}/set-password-link`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json().result.url).not.toBe(extra.setPasswordLink.url);
    expect((await t.app.inject({ method: 'GET', url: new URL(extra.setPasswordLink.url).pathname })).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: new URL(res.json().result.url).pathname })).statusCode).toBe(200);
    expect(await auditCount('member.set_password_link', result.id_user)).toBe(1);
  });

  it.each([
    [{ user_fname: '' }, 'user_fname', 'first name is a required field'],
    [{ user_lname: undefined }, 'user_lname', 'last name is a required field'],
    [{ tbl_user_email: { email: 'not-an-email' } }, 'tbl_user_email.email', 'must be a valid email'],
    [{ user_type: 'Gold' }, 'user_type', undefined],
    [{ user_expiration: '2027-02-30' }, 'user_expiration', undefined],
    [{ id_location: 'x' }, 'id_location', undefined],
    [{ user_camnum: 'A B' }, 'user_camnum', undefined],
  ])('400 naming the field for %o', async (change, field, message) => {
    const res = await post('/api/users', 'admin', newMember(change));
    expect(res.statusCode).toBe(400);
    const error = res.json().errors.find((e: { path: string }) => e.path === field);
    expect(error).toBeDefined();
    if (message) expect(error.message).toBe(message);
  });

  it('409 for a membership number or email already in use, 400 for a location that is not a domain', async () => {
    const camnum = await post('/api/users', 'admin', newMember({ user_camnum: 'US2020900001' }));
    expect(camnum.statusCode).toBe(409);
    expect(camnum.json().errors[0].path).toBe('user_camnum');
    const email = await post('/api/users', 'admin', newMember({ tbl_user_email: { email: 'MEMBER@guildhall.test' } }));
    expect(email.statusCode).toBe(409);
    expect(email.json().errors[0].path).toBe('tbl_user_email.email');
    const root = await scalar(t.database.db, sql`select id_location::int from locations where location_type = 1 limit 1`);
    expect((await post('/api/users', 'admin', newMember({ id_location: root }))).statusCode).toBe(400);
  });
});

describe('with an external provider', () => {
  it('makes no set-password link: the member is linked on first sign-in by verified email', async () => {
    const options = { embedded: false, publicUrl: 'http://localhost:3999' };
    const payload = memberCreateSchema.parse(newMember());
    const { id_user, link } = await createMember(t.database.db, id.admin!, payload, options);
    expect(link).toEqual({ url: null, expires_at: null });
    expect(await scalar(t.database.db, sql`select count(*)::int from password_setup_tokens where id_user = ${id_user}`)).toBe(0);
    expect(await scalar(t.database.db, sql`select count(*)::int from user_emails where id_user = ${id_user} and is_verified`)).toBe(1);
    await expect(reissueLink(t.database.db, id.admin!, id_user, options)).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('membership edit and deactivation', () => {
  it('edits number, type, expiry and home domain, with before and after in the audit row', async () => {
    const m = await buildMember(t.database.db);
    const other = await buildLocation(t.database.db);
    const res = await post(`/api/users/${m.id_user}/membership`, 'admin', {
      user_camnum: `ED${m.id_user}`,
      user_type: 'Troupe',
      user_expiration: '2028-01-31',
      id_location: other.id_location,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true });
    const [row] = await rows(
      t.database.db,
      sql`select user_camnum, user_type, user_expiration::text, id_location from users where id_user = ${m.id_user}`,
    );
    expect(row).toEqual({
      user_camnum: `ED${m.id_user}`,
      user_type: 'Troupe',
      user_expiration: '2028-01-31',
      id_location: other.id_location,
    });
    const [audit] = await rows<{ before: { user_type: string }; after: { user_type: string } }>(
      t.database.db,
      sql`select before, after from audit_log where action = 'member.update' and entity_id = ${String(m.id_user)}`,
    );
    expect(audit!.before.user_type).toBe('LARP');
    expect(audit!.after.user_type).toBe('Troupe');
    const bad = await post(`/api/users/${m.id_user}/membership`, 'admin', { user_camnum: '', user_type: 'LARP', id_location: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('user_camnum');
    expect(
      (await post('/api/users/999999/membership', 'admin', { user_camnum: 'X1', user_type: 'LARP', id_location: other.id_location }))
        .statusCode,
    ).toBe(404);
  });

  it('deactivation ends the sessions and refuses sign-in; nothing is deleted; reactivation restores sign-in', async () => {
    const { result, extra } = (await post('/api/users', 'admin', newMember())).json();
    const path = new URL(extra.setPasswordLink.url).pathname;
    const strong = 'copper kettle lighthouse sonata';
    await t.app.inject({ method: 'POST', url: path, payload: { password: strong, confirm: strong } });
    const email = result.tbl_user_email.email;
    const session = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: strong } })).json().result;
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${result.id_user}`, headers: bearer(session) })).statusCode).toBe(200);

    const res = await post(`/api/users/${result.id_user}/deactivate`, 'admin', { note: 'Left the society' });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${result.id_user}`, headers: bearer(session) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: strong } })).statusCode).toBe(401);
    expect(await scalar(t.database.db, sql`select count(*)::int from users where id_user = ${result.id_user}`)).toBe(1);
    expect(await scalar(t.database.db, sql`select count(*)::int from user_emails where id_user = ${result.id_user}`)).toBe(1);
    expect(await auditCount('member.deactivate', result.id_user)).toBe(1);
    expect((await post(`/api/users/${result.id_user}/deactivate`, 'admin')).statusCode).toBe(409);

    expect((await post(`/api/users/${result.id_user}/reactivate`, 'admin')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: strong } })).statusCode).toBe(200);
    expect(await auditCount('member.reactivate', result.id_user)).toBe(1);
  });

  it('an administrator may not deactivate themselves', async () => {
    expect((await post(`/api/users/${id.admin}/deactivate`, 'admin')).statusCode).toBe(403);
  });
});

describe('roles × calls', () => {
  type Call = () => Promise<{ statusCode: number }>;
  const roles = ['member', 'coordinator', 'outCoordinator', 'admin'] as const;
  // Expected status for member, coordinator in reach, coordinator out of reach, administrator.
  const matrix: [string, (who: string) => ReturnType<Call>, number[]][] = [
    ['POST /users', (who) => post('/api/users', who, newMember()), [403, 403, 403, 200]],
    [
      'POST /users/{id}/membership',
      async (who) => {
        const m = await buildMember(t.database.db, { id_location: id.memberLocation });
        return post(`/api/users/${m.id_user}/membership`, who, {
          user_camnum: m.user_camnum,
          user_type: 'LRA',
          user_expiration: null,
          id_location: id.memberLocation,
        });
      },
      [403, 403, 403, 200],
    ],
    [
      'POST /users/{id}/deactivate',
      async (who) => post(`/api/users/${(await buildMember(t.database.db, { id_location: id.memberLocation })).id_user}/deactivate`, who),
      [403, 403, 403, 200],
    ],
    [
      'POST /users/{id}/set-password-link',
      async (who) => post(`/api/users/${(await buildMember(t.database.db)).id_user}/set-password-link`, who),
      [403, 403, 403, 200],
    ],
    [
      'POST /users/{id}/renew',
      async (who) =>
        post(
          `/api/users/${(await buildMember(t.database.db, { id_location: id.memberLocation, user_expiration: '2027-01-31' })).id_user}/renew`,
          who,
          {
            user_expiration: '2028-10-31',
          },
        ),
      [403, 200, 403, 200],
    ],
    ['GET /coordinator/members', (who) => get('/api/coordinator/members', who), [403, 200, 200, 200]],
    ['GET /coordinator/prestige', (who) => get('/api/coordinator/prestige', who), [403, 200, 200, 200]],
    ['GET /audit-log', (who) => get('/api/audit-log', who), [403, 403, 403, 200]],
    ['GET /positions', (who) => get('/api/positions', who), [403, 403, 403, 200]],
    [
      'POST /positions/add',
      (who) => post('/api/positions/add', who, { id_location: id.memberLocation, pos_type: 'ADST' }),
      [403, 403, 403, 200],
    ],
    [
      'POST /positions/{id}/assign',
      async (who) => {
        const p = await buildPosition(t.database.db, { pos_type: 'DC', id_location: id.memberLocation });
        return post(`/api/positions/${p.id_position}/assign`, who, { id_user: id.member });
      },
      [403, 403, 403, 200],
    ],
    [
      'POST /positions/{id}/end',
      async (who) => post(`/api/positions/${(await buildPosition(t.database.db, { pos_type: 'ADST' })).id_position}/end`, who),
      [403, 403, 403, 200],
    ],
    [
      'GET /positions/{id}/history',
      async (who) => get(`/api/positions/${(await buildPosition(t.database.db, { pos_type: 'ADST' })).id_position}/history`, who),
      [403, 403, 403, 200],
    ],
  ];
  it.each(matrix)('%s', async (_name, call, expected) => {
    const statuses: number[] = [];
    for (const who of roles) statuses.push((await call(who)).statusCode);
    expect(statuses).toEqual(expected);
  });
});

describe('positions', () => {
  it('lists posts with holders, filters by location, type and vacancy, pages and sorts', async () => {
    const res = await get(`/api/positions?locationId=${id.memberLocation}&count=50`, 'admin');
    expect(res.statusCode).toBe(200);
    const { rows: list, count } = res.json().result;
    expect(count).toBe(await scalar(t.database.db, sql`select count(*)::int from positions where id_location = ${id.memberLocation}`));
    const dc = list.find((p: { pos_type: string }) => p.pos_type === 'DC');
    expect(dc.holder.id_user).toBe(id.coordinator);
    expect(dc.domain_code).toMatch(/-/);
    const vacant = (await get('/api/positions?vacant=yes&count=100', 'admin')).json().result.rows;
    expect(vacant.every((p: { holder: unknown }) => p.holder === null)).toBe(true);
    const dcs = (await get('/api/positions?posType=DC&sortBy=pos_title&direction=desc', 'admin')).json().result.rows;
    expect(dcs.every((p: { pos_type: string }) => p.pos_type === 'DC')).toBe(true);
    expect((await get('/api/positions?sortBy=password', 'admin')).statusCode).toBe(400);
    expect((await get('/api/positions?posType=KING', 'admin')).json().errors[0].path).toBe('posType');
  });

  it('adds a post, assigns, reassigns and ends it, keeping every holding with its dates, each audited', async () => {
    const a = await buildMember(t.database.db);
    const b = await buildMember(t.database.db);
    const added = await post('/api/positions/add', 'admin', { id_location: id.memberLocation, pos_type: 'ADST', id_user: a.id_user });
    expect(added.statusCode).toBe(200);
    const pid = added.json().result.id_position;
    expect((await rows(t.database.db, sql`select pos_title from positions where id_position = ${pid}`))[0]).toEqual({
      pos_title: 'Assistant Domain Storyteller',
    });
    expect((await post(`/api/positions/${pid}/assign`, 'admin', { id_user: a.id_user })).statusCode).toBe(409);
    expect((await post(`/api/positions/${pid}/assign`, 'admin', { id_user: b.id_user })).statusCode).toBe(200);
    expect((await post(`/api/positions/${pid}/end`, 'admin')).statusCode).toBe(200);
    expect((await post(`/api/positions/${pid}/end`, 'admin')).statusCode).toBe(409);
    const history = (await get(`/api/positions/${pid}/history`, 'admin')).json().result.rows;
    expect(history.map((h: { id_user: number }) => h.id_user)).toEqual([a.id_user, b.id_user]);
    expect(history.every((h: { ended_at: string | null }) => h.ended_at !== null)).toBe(true);
    for (const action of ['position.create', 'position.reassign', 'position.end']) expect(await auditCount(action, pid)).toBe(1);
  });

  it('shows a seeded post’s holding in its history', async () => {
    const dc = await scalar(
      t.database.db,
      sql`select id_position::int from positions where id_user = ${id.coordinator} and pos_type = 'DC'`,
    );
    const history = (await get(`/api/positions/${dc}/history`, 'admin')).json().result.rows;
    expect(history).toEqual([expect.objectContaining({ id_user: id.coordinator, ended_at: null })]);
    expect((await get('/api/positions/999999/history', 'admin')).statusCode).toBe(404);
  });

  it('takes effect on the holder’s next request', async () => {
    const p = await buildPosition(t.database.db, { pos_type: 'DC', id_location: id.memberLocation });
    const m = await buildMember(t.database.db, { id_location: id.memberLocation });
    const mToken = await t.sessionFor(m.id_user);
    const members = () => t.app.inject({ method: 'GET', url: '/api/coordinator/members', headers: bearer(mToken) });
    expect((await members()).statusCode).toBe(403);
    await post(`/api/positions/${p.id_position}/assign`, 'admin', { id_user: m.id_user });
    expect((await members()).statusCode).toBe(200);
    await post(`/api/positions/${p.id_position}/end`, 'admin');
    expect((await members()).statusCode).toBe(403);
  });

  it('validates: type, venue for a venue post only, holder and location', async () => {
    const bad = await post('/api/positions/add', 'admin', { id_location: id.memberLocation, pos_type: 'KING' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('pos_type');
    expect((await post('/api/positions/add', 'admin', { id_location: id.memberLocation, pos_type: 'VST' })).json().errors[0].path).toBe(
      'id_venue',
    );
    const venue = await buildVenue(t.database.db);
    expect(
      (await post('/api/positions/add', 'admin', { id_location: id.memberLocation, pos_type: 'DST', id_venue: venue.id_venue })).statusCode,
    ).toBe(400);
    expect((await post('/api/positions/add', 'admin', { id_location: 999999, pos_type: 'DST' })).json().errors[0].path).toBe('id_location');
    const p = await buildPosition(t.database.db, { pos_type: 'ADST' });
    expect((await post(`/api/positions/${p.id_position}/assign`, 'admin', {})).json().errors[0].path).toBe('id_user');
    expect((await post(`/api/positions/${p.id_position}/assign`, 'admin', { id_user: 999999 })).json().errors[0].path).toBe('id_user');
    expect((await post('/api/positions/999999/end', 'admin')).statusCode).toBe(404);
  });

  it('a reassignment moves an open application to the new holder, with an event; decided ones stay', async () => {
    const domain = await buildLocation(t.database.db);
    const oldDst = await buildMember(t.database.db);
    const newDst = await buildMember(t.database.db);
    const post_ = await buildPosition(t.database.db, { pos_type: 'DST', id_location: domain.id_location, id_user: oldDst.id_user });
    const venue = await buildVenue(t.database.db, { id_location: domain.id_location });
    const character = await buildCharacter(t.database.db, { id_venue: venue.id_venue });
    const open = await buildApproval(t.database.db, {
      character_id: character.id_character,
      status: 'Pending Mid',
      id_user_mid: oldDst.id_user,
    });
    const done = await buildApproval(t.database.db, {
      character_id: character.id_character,
      status: 'Approved',
      id_user_mid: oldDst.id_user,
    });
    // Another domain's application with the same approver is not this post's.
    const elsewhere = await buildApproval(t.database.db, { status: 'Pending Mid', id_user_mid: oldDst.id_user });

    const res = await post(`/api/positions/${post_.id_position}/assign`, 'admin', { id_user: newDst.id_user });
    expect(res.json().result.moved).toEqual([open.id]);
    const chain = await rows(
      t.database.db,
      sql`select id, id_user_mid from approvals where id in (${open.id}, ${done.id}, ${elsewhere.id}) order by id`,
    );
    expect(chain).toEqual([
      { id: open.id, id_user_mid: newDst.id_user },
      { id: done.id, id_user_mid: oldDst.id_user },
      { id: elsewhere.id, id_user_mid: oldDst.id_user },
    ]);
    const [event] = await rows<{ from_status: string; to_status: string; note: string; id_user: number }>(
      t.database.db,
      sql`select from_status, to_status, note, id_user from approval_events where approval_id = ${open.id}`,
    );
    expect(event).toMatchObject({ from_status: 'Pending Mid', to_status: 'Pending Mid', id_user: id.admin });
    expect(event!.note).toMatch(/^Approver changed: .* → .*/);
    // The new holder is now the named approver at the application's current level.
    expect(
      await scalar(
        t.database.db,
        sql`select count(*)::int from approvals where id = ${open.id} and status = 'Pending Mid' and id_user_mid = ${newDst.id_user}`,
      ),
    ).toBe(1);
    expect(
      await scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${newDst.id_user} and kind = 'approval'`),
    ).toBe(1);
    // The old holder may no longer act on it; the new one approves it through the workflow (issue 12).
    const approve = async (member: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/approvals/${open.id}/approve`,
        headers: bearer(await t.sessionFor(member)),
        payload: { expectedStatus: 'Pending Mid' },
      });
    expect((await approve(oldDst.id_user)).statusCode).toBe(403);
    const approved = await approve(newDst.id_user);
    expect(approved.statusCode).toBe(200);
    expect(await scalar(t.database.db, sql`select status from approvals where id = ${open.id}`)).not.toBe('Pending Mid');
    expect(
      await scalar(
        t.database.db,
        sql`select count(*)::int from approval_events where approval_id = ${open.id} and id_user = ${newDst.id_user} and from_status = 'Pending Mid'`,
      ),
    ).toBe(1);
  });
});

describe('a venue storyteller post', () => {
  it('moves the style sheet with it: the new holder edits the sheet, the old one no longer may', async () => {
    const domain = await buildLocation(t.database.db);
    const oldSt = await buildMember(t.database.db);
    const newSt = await buildMember(t.database.db);
    const venue = await buildVenue(t.database.db, { id_location: domain.id_location, id_user_st: oldSt.id_user });
    const post_ = await buildPosition(t.database.db, {
      pos_type: 'VST',
      id_location: domain.id_location,
      id_venue: venue.id_venue,
      id_user: oldSt.id_user,
    });
    const abilitiesOf = async (member: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/venue/${venue.id_venue}`, headers: bearer(await t.sessionFor(member)) })).json().extra
        .abilities;
    expect(await abilitiesOf(oldSt.id_user)).toContain('edit');
    expect((await post(`/api/positions/${post_.id_position}/assign`, 'admin', { id_user: newSt.id_user })).statusCode).toBe(200);
    expect(await scalar(t.database.db, sql`select id_user_st from venues where id_venue = ${venue.id_venue}`)).toBe(newSt.id_user);
    expect(await abilitiesOf(newSt.id_user)).toContain('edit');
    expect(await abilitiesOf(oldSt.id_user)).toEqual([]);
    expect((await post(`/api/positions/${post_.id_position}/end`, 'admin')).statusCode).toBe(200);
    expect(await rows(t.database.db, sql`select id_user_st from venues where id_venue = ${venue.id_venue}`)).toEqual([
      { id_user_st: null },
    ]);
    // One storyteller post a venue: a second is refused, and the vacant one is assigned instead.
    const second = await post('/api/positions/add', 'admin', {
      id_location: domain.id_location,
      id_venue: venue.id_venue,
      pos_type: 'VST',
      id_user: oldSt.id_user,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('positions.venue_has_storyteller');
    expect(await scalar(t.database.db, sql`select count(*)::int from positions where id_venue = ${venue.id_venue}`)).toBe(1);
  });
});

describe('GET /api/audit-log', () => {
  it('pages newest first and filters by action, record, author and dates', async () => {
    const m = await buildMember(t.database.db, { id_location: id.memberLocation, user_expiration: '2027-01-31' });
    await post(`/api/users/${m.id_user}/renew`, 'coordinator', { user_expiration: '2029-01-31' });
    const res = await get(`/api/audit-log?action=member.renew&entityId=${m.id_user}`, 'admin');
    expect(res.statusCode).toBe(200);
    const { rows: list, count } = res.json().result;
    expect(count).toBe(1);
    expect(list[0]).toMatchObject({
      id_user: id.coordinator,
      by_name: 'Cormac Byrne',
      action: 'member.renew',
      entity: 'user',
      after: { user_expiration: '2029-01-31' },
    });
    const all = (await get('/api/audit-log?count=5', 'admin')).json().result;
    expect(all.rows).toHaveLength(5);
    const times = all.rows.map((r: { at: string }) => r.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(
      (await get(`/api/audit-log?userId=${id.coordinator}`, 'admin'))
        .json()
        .result.rows.every((r: { id_user: number }) => r.id_user === id.coordinator),
    ).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`/api/audit-log?from=${today}&to=${today}`, 'admin')).json().result.count).toBeGreaterThan(0);
    expect((await get('/api/audit-log?from=2000-01-01&to=2000-01-02', 'admin')).json().result.count).toBe(0);
    expect((await get('/api/audit-log?from=2024-13-01', 'admin')).json().errors[0].path).toBe('from');
    expect((await get('/api/audit-log?sortBy=action', 'admin')).statusCode).toBe(400);
  });
});
