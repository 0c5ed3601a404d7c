// Transfers between home domains: only a domain can be a home, and a decided request no longer awaits the
// coordinators who were asked about it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLocation, buildMember, buildPosition } from '../../test/factories';
import { rows } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const id: Record<string, number> = {};
const token: Record<string, string> = {};
const place: Record<string, number> = {};

async function person(name: string, id_location: number) {
  const member = await buildMember(t.database.db, { user_fname: name, id_location });
  id[name] = member.id_user;
  token[name] = await t.sessionFor(member.id_user);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  place.from = (await buildLocation(db)).id_location;
  place.to = (await buildLocation(db)).id_location;
  await person('mover', place.from);
  await person('fromCoordinator', place.from);
  await person('toCoordinator', place.to);
  await person('outsider', place.from);
  await buildPosition(db, { pos_type: 'DC', id_user: id.fromCoordinator, id_location: place.from });
  await buildPosition(db, { pos_type: 'DC', id_user: id.toCoordinator, id_location: place.to });
  const [region] = await rows<{ id: number }>(db, sql`select id_parent as id from locations where id_location = ${place.to}`);
  place.region = region!.id;
  const [us] = await rows<{ id: number }>(db, sql`select id_location as id from locations where location_code = 'US' limit 1`);
  place.us = us!.id;
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, who: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token[who]!), payload });
const transferNotice = async (who: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications?count=100', headers: bearer(token[who]!) });
  return (res.json().result.rows as { kind: string; message: string; read_at: string | null }[]).filter(
    (n) => n.kind === 'transfer' && n.message.includes('asks to transfer'),
  );
};

describe('POST /api/transfers/add', () => {
  it('refuses the United States and a region as a new home with a 400 naming id_location, and records nothing', async () => {
    for (const id_location of [place.us, place.region]) {
      const res = await post('/api/transfers/add', 'mover', { id_location });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toEqual({ path: 'id_location', message: 'is not a domain' });
    }
    const pending = await t.app.inject({ method: 'GET', url: '/api/transfers?mine=yes', headers: bearer(token.mover!) });
    expect(pending.json().result.count).toBe(0);
  });

  it('accepted by the receiving coordinator, the request no longer awaits the other domain’s coordinator', async () => {
    const res = await post('/api/transfers/add', 'mover', { id_location: place.to });
    expect(res.statusCode).toBe(200);
    const transfer = res.json().result.id;
    expect(await transferNotice('fromCoordinator')).toEqual([expect.objectContaining({ read_at: null })]);
    expect(await transferNotice('toCoordinator')).toEqual([expect.objectContaining({ read_at: null })]);
    expect((await post(`/api/transfers/${transfer}/accept`, 'outsider')).statusCode).toBe(403);
    expect(await transferNotice('fromCoordinator')).toEqual([expect.objectContaining({ read_at: null })]);

    expect((await post(`/api/transfers/${transfer}/accept`, 'toCoordinator')).statusCode).toBe(200);
    expect(await transferNotice('fromCoordinator')).toEqual([expect.objectContaining({ read_at: expect.any(String) })]);
    expect(await transferNotice('toCoordinator')).toEqual([expect.objectContaining({ read_at: expect.any(String) })]);
  });
});
