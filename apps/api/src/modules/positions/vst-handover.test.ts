// A venue storyteller post changing hands: the characters Pending on its sheet are the new holder's to review. The
// former holder's notices about them are resolved (they can no longer sign them), and the new holder is told how many
// await them (as for its open applications), until the post changes hands again; a post left vacant tells nobody.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLocation, buildMember, buildSheetWithPost, buildVenue } from '../../test/factories';
import { rows } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { typeAndSubtype } from '../characters/characters-test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.accounts('admin')).token.admin;
});
afterAll(async () => {
  await t?.close();
});

/** The unread notices of a member about characters, newest last. */
const unread = (id_user: number) =>
  rows<{ message: string; subject: string | null }>(
    t.database.db,
    sql`select message, subject from notifications where id_user = ${id_user} and kind = 'character' and read_at is null order by id`,
  );

describe('a venue storyteller post changing hands', () => {
  it('resolves the former holder’s notices about Pending characters and tells the new holder how many await them', async () => {
    const db = t.database.db;
    const { id_location } = await buildLocation(db);
    const [former, next, player] = [await buildMember(db), await buildMember(db), await buildMember(db)];
    const { venue, post } = await buildSheetWithPost(db, id_location, former.id_user);
    const { id_type, id_subtype } = await typeAndSubtype(t);
    const playerToken = await t.sessionFor(player.id_user);
    for (const character_name of ['Mira Holloway', 'Tobias Crane']) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/character/add',
        headers: bearer(playerToken),
        payload: { id_venue: venue.id_venue, character_name, id_type, id_subtype, character_virtue: 'Hope', character_vice: 'Pride' },
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    expect((await unread(former.id_user)).map((n) => n.message)).toEqual([
      `Mira Holloway awaits your review on ${venue.venue_name}.`,
      `Tobias Crane awaits your review on ${venue.venue_name}.`,
    ]);

    const assign = (id_user: number) =>
      t.app.inject({ method: 'POST', url: `/api/positions/${post.id_position}/assign`, headers: bearer(admin), payload: { id_user } });
    expect((await assign(next.id_user)).statusCode).toBe(200);
    expect(await unread(former.id_user)).toEqual([]);
    expect((await unread(next.id_user)).map((n) => n.message)).toEqual([`2 characters await your review on ${venue.venue_name}.`]);

    const ended = await t.app.inject({ method: 'POST', url: `/api/positions/${post.id_position}/end`, headers: bearer(admin) });
    expect(ended.statusCode).toBe(200);
    // Left vacant: nobody is told of the characters, and what the post brought the holder who left is resolved.
    expect(await unread(next.id_user)).toEqual([]);
  });

  it('leaves a storyteller’s own notices alone when a new post is given to the one already running the sheet', async () => {
    const db = t.database.db;
    const { id_location } = await buildLocation(db);
    const [storyteller, player] = [await buildMember(db), await buildMember(db)];
    const venue = await buildVenue(db, { id_location, id_user_st: storyteller.id_user });
    const { id_type, id_subtype } = await typeAndSubtype(t);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/character/add',
      headers: bearer(await t.sessionFor(player.id_user)),
      payload: {
        id_venue: venue.id_venue,
        character_name: 'Ivo Marsh',
        id_type,
        id_subtype,
        character_virtue: 'Hope',
        character_vice: 'Pride',
      },
    });
    expect(added.statusCode, added.body).toBe(200);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/positions/add',
      headers: bearer(admin),
      payload: { id_location, pos_type: 'VST', id_venue: venue.id_venue, id_user: storyteller.id_user },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await unread(storyteller.id_user)).map((n) => n.message)).toEqual([`Ivo Marsh awaits your review on ${venue.venue_name}.`]);
  });
});
