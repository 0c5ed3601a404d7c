// Issue 13: transfers between home domains — a member asks, both domains' coordinators see it, the receiving one
// accepts or declines, and the member's abilities by role.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { bearer } from '../../test/test-app';
import { far, get, home, id, post, t, useCoordinatorTestApp } from './coordinator-test-app';

useCoordinatorTestApp();

describe('transfers', () => {
  it('a member requests, both domains’ coordinators see it, the receiving one accepts: the home domain changes and both are told', async () => {
    const mover = await buildMember(t.database.db, { id_location: far });
    const moverToken = await t.sessionFor(mover.id_user);
    const asMover = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(moverToken), ...(payload ? { payload } : {}) });

    const res = await asMover('POST', '/api/transfers/add', { id_location: home, note: 'Moved for work' });
    expect(res.statusCode).toBe(200);
    const transferId = res.json().result.id;
    expect((await asMover('POST', '/api/transfers/add', { id_location: home })).statusCode).toBe(409);
    expect(
      await scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${id.coordinator} and kind = 'transfer'`),
    ).toBe(1);

    const seen = async (who: string) =>
      (await get('/api/transfers?status=Pending', who)).json().result.rows.find((r: { id: number }) => r.id === transferId);
    expect((await seen('coordinator')).abilities).toEqual(['accept', 'decline']);
    expect((await seen('outCoordinator')).abilities).toEqual([]);
    expect(await seen('member')).toBeUndefined();
    const mine = (await asMover('GET', '/api/transfers')).json().result.rows[0];
    expect(mine).toMatchObject({ id: transferId, status: 'Pending', abilities: ['cancel'] });
    expect((await get('/api/transfers?mine=yes', 'coordinator')).json().result.rows).toEqual([]);

    expect((await post(`/api/transfers/${transferId}/accept`, 'outCoordinator')).statusCode).toBe(403);
    expect((await post(`/api/transfers/${transferId}/accept`, 'member')).statusCode).toBe(403);
    expect((await asMover('POST', `/api/transfers/${transferId}/accept`)).statusCode).toBe(403);
    expect((await post(`/api/transfers/${transferId}/accept`, 'coordinator')).statusCode).toBe(200);
    expect((await post(`/api/transfers/${transferId}/accept`, 'coordinator')).statusCode).toBe(409);

    expect(await scalar(t.database.db, sql`select id_location::int from users where id_user = ${mover.id_user}`)).toBe(home);
    expect(
      await scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${mover.id_user} and kind = 'transfer'`),
    ).toBe(1);
    expect(
      await scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${id.outCoordinator} and kind = 'transfer'`),
    ).toBe(2);
    expect(
      await scalar(
        t.database.db,
        sql`select count(*)::int from audit_log where action = 'transfer.request' and entity_id = ${String(transferId)}`,
      ),
    ).toBe(1);
    expect(
      await scalar(
        t.database.db,
        sql`select count(*)::int from audit_log where action = 'transfer.accept' and entity_id = ${String(transferId)}`,
      ),
    ).toBe(1);
    expect(
      await scalar(
        t.database.db,
        sql`select count(*)::int from audit_log where action = 'member.transfer' and entity_id = ${String(mover.id_user)}`,
      ),
    ).toBe(1);
  });

  it('withdraws a request whose member moved meanwhile instead of accepting it (409), and tells the member', async () => {
    const m = await buildMember(t.database.db, { id_location: far });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/transfers/add',
      headers: bearer(await t.sessionFor(m.id_user)),
      payload: { id_location: home },
    });
    const transferId = res.json().result.id;
    // An administrator changed the member's home domain after the request.
    await t.database.db.execute(sql`update users set id_location = ${home} where id_user = ${m.id_user}`);
    const accept = await post(`/api/transfers/${transferId}/accept`, 'coordinator');
    expect(accept.statusCode).toBe(409);
    expect(accept.json().code).toBe('transfers.stale');
    expect(await rows(t.database.db, sql`select status from transfers where id = ${transferId}`)).toEqual([{ status: 'Cancelled' }]);
    expect(
      await scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${m.id_user} and message like '%withdrawn%'`),
    ).toBe(1);
  });

  it('declines and withdraws, each audited; the domain stays', async () => {
    const a = await buildMember(t.database.db, { id_location: far });
    const aToken = await t.sessionFor(a.id_user);
    const asA = (url: string) => t.app.inject({ method: 'POST', url, headers: bearer(aToken) });
    const request = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/transfers/add', headers: bearer(aToken), payload: { id_location: home } })).json()
        .result.id;
    const first = await request();
    // Only the receiving domain's coordinator declines; only the member who asked withdraws.
    for (const who of ['outCoordinator', 'member']) expect((await post(`/api/transfers/${first}/decline`, who)).statusCode).toBe(403);
    expect((await asA(`/api/transfers/${first}/decline`)).statusCode).toBe(403);
    for (const who of ['coordinator', 'outCoordinator', 'member'])
      expect((await post(`/api/transfers/${first}/cancel`, who)).statusCode).toBe(403);
    expect((await post(`/api/transfers/${first}/decline`, 'coordinator', { note: 'Full this season' })).statusCode).toBe(200);
    const second = await request();
    expect((await asA(`/api/transfers/${second}/cancel`)).statusCode).toBe(200);
    expect((await post(`/api/transfers/${second}/cancel`, 'coordinator')).statusCode).toBe(409);
    expect(await scalar(t.database.db, sql`select id_location::int from users where id_user = ${a.id_user}`)).toBe(far);
    expect(
      await scalar(
        t.database.db,
        sql`select count(*)::int from audit_log where action in ('transfer.decline', 'transfer.cancel') and entity_id in (${String(first)}, ${String(second)})`,
      ),
    ).toBe(2);
  });

  it('validates: a domain is required and must differ from the home domain; unknown transfer 404', async () => {
    const bad = await post('/api/transfers/add', 'member', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('id_location');
    expect((await post('/api/transfers/add', 'member', { id_location: home })).json().errors[0].path).toBe('id_location');
    expect((await post('/api/transfers/add', 'member', { id_location: 999999 })).statusCode).toBe(400);
    expect((await post('/api/transfers/999999/accept', 'coordinator')).statusCode).toBe(404);
    expect((await get('/api/transfers?status=Maybe', 'member')).json().errors[0].path).toBe('status');
  });

  it('the member’s own abilities carry transfers.request, coordinator.open and administration.open by role', async () => {
    const abilities = async (who: string) => (await get(`/api/user/${id[who]}`, who)).json().extra.abilities;
    expect(await abilities('member')).toContain('transfers.request');
    expect(await abilities('member')).not.toContain('coordinator.open');
    expect(await abilities('coordinator')).toContain('coordinator.open');
    expect(await abilities('coordinator')).not.toContain('administration.open');
    expect(await abilities('admin')).toEqual(expect.arrayContaining(['administration.open', 'coordinator.open']));
  });
});
