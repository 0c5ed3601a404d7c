// Issue 13: Administration — the roles × calls matrix (member, coordinator in and out of reach, administrator)
// and the audit log's paging and filters. Creating and editing members: administration.test.ts.
import { describe, expect, it } from 'vitest';
import { buildMember, buildPosition } from '../../test/factories';
import { id, newMember, t, useAdministrationTestApp } from './administration-test-app';

const { get, post } = useAdministrationTestApp();

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
      'POST /users/{id}/reactivate',
      async (who) => {
        const m = await buildMember(t.database.db, { id_location: id.memberLocation });
        expect((await post(`/api/users/${m.id_user}/deactivate`, 'admin')).statusCode).toBe(200);
        return post(`/api/users/${m.id_user}/reactivate`, who);
      },
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
