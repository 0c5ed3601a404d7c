// The actor's roles are that member's own: their posts, their venues, their admin flag — never another's.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildPosition, buildVenue } from '../test/factories';
import { rows } from '../test/sql';
import { createTestApp, type TestApp } from '../test/test-app';
import { loadActor } from './actor';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('loadActor', () => {
  it('reads exactly the member’s own posts and whether they run a venue', async () => {
    const db = t.database.db;
    const plain = await buildMember(db);
    expect(await loadActor(db, { id_user: plain.id_user, sid: '' })).toMatchObject({ positions: [], runsVenues: false, isAdmin: false });
    const st = await buildMember(db);
    const post = await buildPosition(db, { pos_type: 'DST', id_user: st.id_user });
    await buildVenue(db, { id_user_st: st.id_user });
    const actor = await loadActor(db, { id_user: st.id_user, sid: '' });
    expect(actor.positions).toEqual([{ id_position: post.id_position, pos_type: 'DST', id_location: post.id_location }]);
    expect(actor.runsVenues).toBe(true);
    const storyteller = await t.idOf('storyteller@guildhall.test');
    const expected = await rows<{ id_position: number }>(
      db,
      sql`select id_position from positions where id_user = ${storyteller} order by id_position`,
    );
    expect((await loadActor(db, { id_user: storyteller, sid: '' })).positions.map((p) => p.id_position)).toEqual(
      expected.map((p) => p.id_position),
    );
  });
});
