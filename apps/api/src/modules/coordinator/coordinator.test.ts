// Issue 13: the Coordinator section — members within reach with their filters, renewal, and the members' prestige
// with audited deletion (transfers between home domains: coordinator-transfers.test.ts).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '@guildhall/shared/rules/membership';
import { buildMember } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { get, home, id, post, t, useCoordinatorTestApp } from './coordinator-test-app';

useCoordinatorTestApp();

/** The home domain and every location below it, as a subquery of ids. */
const reach = () =>
  sql`(select id_location as id from locations where id_location = ${home} or (',' || coalesce(id_parent_location, '') || ',') like ${`%,${home},%`})`;
const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/coordinator/members', () => {
  it('lists only the members within the coordinator’s reach; everyone for an administrator', async () => {
    const res = await get('/api/coordinator/members?count=100', 'coordinator');
    expect(res.statusCode).toBe(200);
    const { rows: list, count } = res.json().result;
    expect(count).toBe(await scalar(t.database.db, sql`select count(*)::int from users u join ${reach()} r on r.id = u.id_location`));
    const inReach = (await rows<{ id: number }>(t.database.db, sql`select id from ${reach()} r`)).map((r) => r.id);
    expect(list.every((m: { id_location: number }) => inReach.includes(m.id_location))).toBe(true);
    const outside = (await get('/api/coordinator/members?count=100', 'outCoordinator')).json().result.rows;
    expect(outside.map((m: { id_user: number }) => m.id_user)).toEqual([id.outCoordinator]);
    expect((await get('/api/coordinator/members', 'admin')).json().result.count).toBe(
      await scalar(t.database.db, sql`select count(*)::int from users`),
    );
  });

  it('gives each row its own member’s first e-mail, on every row of several pages, as SQL has it (issue 23)', async () => {
    for (const [who, page] of [
      ['admin', 1],
      ['admin', 2],
      ['coordinator', 1],
    ] as const) {
      const list = (await get(`/api/coordinator/members?count=25&page=${page}`, who)).json().result.rows as {
        id_user: number;
        email: string | null;
      }[];
      expect(list.length).toBeGreaterThan(1);
      const expected = await rows<{ id_user: number; email: string | null }>(
        t.database.db,
        sql`select u.id_user, (select e.email from user_emails e where e.id_user = u.id_user order by e.id_email limit 1) as email
            from users u where u.id_user in ${sql`(${sql.join(
              list.map((m) => sql`${m.id_user}`),
              sql`, `,
            )})`}`,
      );
      const byId = new Map(expected.map((r) => [r.id_user, r.email]));
      expect(list.map((m) => [m.id_user, m.email])).toEqual(list.map((m) => [m.id_user, byId.get(m.id_user) ?? null]));
      expect(new Set(list.map((m) => m.email).filter(Boolean)).size).toBeGreaterThan(1);
    }
  });

  it('tells each row what the caller may do: a coordinator renews others, never themselves', async () => {
    const list = (await get('/api/coordinator/members?count=100', 'coordinator')).json().result.rows;
    const row = (who: number | undefined) => list.find((m: { id_user: number }) => m.id_user === who);
    expect(row(id.member).abilities).toEqual(['renew']);
    expect(row(id.coordinator).abilities).toEqual([]);
    const admin = (await get(`/api/coordinator/members?name=${encodeURIComponent('Cormac')}`, 'admin')).json().result.rows;
    expect(admin[0].abilities).toEqual(['renew', 'editMembership', 'deactivate', 'setPasswordLink']);
  });

  it('filters by membership type, expiring within 30 days, expired, and name', async () => {
    const soon = await buildMember(t.database.db, { id_location: home, user_type: 'Troupe', user_expiration: addDays(today(), 10) });
    const gone = await buildMember(t.database.db, { id_location: home, user_expiration: addDays(today(), -1) });
    const later = await buildMember(t.database.db, { id_location: home, user_expiration: addDays(today(), 31) });
    const ids = async (query: string) =>
      (await get(`/api/coordinator/members?count=100&${query}`, 'coordinator'))
        .json()
        .result.rows.map((m: { id_user: number }) => m.id_user);
    const expiring = await ids('standing=expiring');
    expect(expiring).toContain(soon.id_user);
    expect(expiring).not.toContain(gone.id_user);
    expect(expiring).not.toContain(later.id_user);
    const expired = await ids('standing=expired');
    expect(expired).toContain(gone.id_user);
    expect(expired).not.toContain(soon.id_user);
    const troupe = await ids('userType=Troupe');
    expect(troupe).toContain(soon.id_user);
    expect(troupe).not.toContain(gone.id_user);
    expect(await ids('name=cormac')).toEqual([id.coordinator]);
  });

  it('sorts both ways, pages, and refuses bad filters with 400 naming the field', async () => {
    const asc = (await get('/api/coordinator/members?sortBy=user_expiration&direction=asc&count=100', 'admin')).json().result.rows;
    const dates = asc.map((m: { user_expiration: string | null }) => m.user_expiration).filter(Boolean);
    expect(dates).toEqual([...dates].sort());
    expect((await get('/api/coordinator/members?count=3&page=2', 'admin')).json().result.rows).toHaveLength(3);
    for (const [query, field] of [
      ['standing=soon', 'standing'],
      ['userType=Gold', 'userType'],
      ['sortBy=password_hash', 'sortBy'],
      ['count=1000', 'count'],
    ]) {
      const res = await get(`/api/coordinator/members?${query}`, 'coordinator');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe(field);
    }
  });
});

describe('POST /api/users/{id}/renew', () => {
  it('sets the new expiry, audits it and tells the member', async () => {
    const m = await buildMember(t.database.db, { id_location: home, user_expiration: '2026-01-31' });
    const res = await post(`/api/users/${m.id_user}/renew`, 'coordinator', { user_expiration: '2027-01-31' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true });
    expect(
      await scalar(t.database.db, sql`select count(*)::int from users where id_user = ${m.id_user} and user_expiration = '2027-01-31'`),
    ).toBe(1);
    const [audit] = await rows(
      t.database.db,
      sql`select id_user, before, after from audit_log where action = 'member.renew' and entity_id = ${String(m.id_user)}`,
    );
    expect(audit).toEqual({ id_user: id.coordinator, before: { user_expiration: '2026-01-31' }, after: { user_expiration: '2027-01-31' } });
    expect(
      await scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${m.id_user} and kind = 'membership'`),
    ).toBe(1);
  });

  it('refuses a bad date (400), another reach (403), one’s own (403) and an unknown member (403 for a coordinator, 404 for an administrator)', async () => {
    const bad = await post(`/api/users/${id.member}/renew`, 'coordinator', { user_expiration: '31/01/2027' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('user_expiration');
    expect((await post(`/api/users/${id.member}/renew`, 'coordinator', {})).json().errors[0].path).toBe('user_expiration');
    // A renewal extends: not to a past date, nor to one before the current expiry.
    const m = await buildMember(t.database.db, { id_location: home, user_expiration: '2031-01-31' });
    for (const user_expiration of ['2020-01-31', '2030-12-31', '2031-01-31']) {
      const res = await post(`/api/users/${m.id_user}/renew`, 'coordinator', { user_expiration });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toEqual({ path: 'user_expiration', message: 'must be later than today and than the current expiry' });
    }
    expect(await rows(t.database.db, sql`select user_expiration::text as e from users where id_user = ${m.id_user}`)).toEqual([
      { e: '2031-01-31' },
    ]);
    const gone = await buildMember(t.database.db, { id_location: home, is_disabled: true });
    expect((await post(`/api/users/${gone.id_user}/renew`, 'coordinator', { user_expiration: '2032-01-31' })).statusCode).toBe(409);
    expect((await post(`/api/users/${id.member}/renew`, 'outCoordinator', { user_expiration: '2027-01-31' })).statusCode).toBe(403);
    expect((await post(`/api/users/${id.coordinator}/renew`, 'coordinator', { user_expiration: '2027-01-31' })).statusCode).toBe(403);
    expect((await post('/api/users/999999/renew', 'coordinator', { user_expiration: '2027-01-31' })).statusCode).toBe(403);
    expect((await post('/api/users/999999/renew', 'admin', { user_expiration: '2027-01-31' })).statusCode).toBe(404);
  });
});

describe('GET /api/coordinator/prestige and deletion', () => {
  it('lists the reach’s prestige newest first with delete where allowed; a deletion is audited', async () => {
    const res = await get('/api/coordinator/prestige?count=100', 'coordinator');
    expect(res.statusCode).toBe(200);
    const { rows: list, count } = res.json().result;
    expect(count).toBe(
      await scalar(
        t.database.db,
        sql`select count(*)::int from prestige p join users u on u.id_user = p.id_user join ${reach()} r on r.id = u.id_location`,
      ),
    );
    const times = list.map((r: { prestige_datetime: string }) => r.prestige_datetime);
    expect(times).toEqual([...times].sort().reverse());
    const own = list.find((r: { id_user: number }) => r.id_user === id.coordinator);
    if (own) expect(own.abilities).toEqual([]);
    const other = list.find((r: { id_user: number }) => r.id_user === id.member);
    expect(other.abilities).toEqual(['delete']);
    expect((await post(`/api/prestiges/delete/${other.id_prestige}`, 'outCoordinator', { userId: id.member })).statusCode).toBe(403);
    expect((await post(`/api/prestiges/delete/${other.id_prestige}`, 'coordinator', { userId: id.member })).statusCode).toBe(200);
    const [audit] = await rows<{ id_user: number; before: { id_user: number } }>(
      t.database.db,
      sql`select id_user, before from audit_log where action = 'prestige.delete' and entity_id = ${String(other.id_prestige)}`,
    );
    expect(audit!.id_user).toBe(id.coordinator);
    expect(audit!.before.id_user).toBe(id.member);
  });
});
