// Issue 13: Administration (members) — creating a member, validation, envelopes, membership edits and
// deactivation, with an audit row for every change. The roles × calls matrix and the audit log:
// administration-roles.test.ts. Posts and their reassignment: positions/positions.test.ts.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildLocation, buildMember } from '../../test/factories';
import { memberCreateSchema } from '@guildhall/shared/schemas/administration';
import { auditCount, rows, scalar } from '../../test/sql';
import { bearer } from '../../test/test-app';
import { id, newMember, t, useAdministrationTestApp } from './administration-test-app';
import { createMember, reissueLink } from './members.service';

const { post } = useAdministrationTestApp();

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
    expect(await auditCount(t.database.db, 'member.create', result.id_user)).toBe(1);
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
    expect(await auditCount(t.database.db, 'member.password_set', result.id_user)).toBe(1);
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
    expect(await auditCount(t.database.db, 'member.set_password_link', result.id_user)).toBe(1);
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
    expect(await auditCount(t.database.db, 'member.deactivate', result.id_user)).toBe(1);
    expect((await post(`/api/users/${result.id_user}/deactivate`, 'admin')).statusCode).toBe(409);

    expect((await post(`/api/users/${result.id_user}/reactivate`, 'admin')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: strong } })).statusCode).toBe(200);
    expect(await auditCount(t.database.db, 'member.reactivate', result.id_user)).toBe(1);
  });

  it('an administrator may not deactivate themselves', async () => {
    expect((await post(`/api/users/${id.admin}/deactivate`, 'admin')).statusCode).toBe(403);
  });
});
