// Style sheets' characters: signing a character onto a sheet (accept, reject, with the player told), and a sheet's
// characters, each compared with SQL computed here; the storyteller of venue X acting on venue Y is refused (moved
// from venues.test.ts).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCharacter } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { type TestApp, twoVenuesApp, useTestApp } from '../../test/test-app';

let t: TestApp;
let id: Record<string, number>;
/** Venue X run by the demo storyteller, venue Y run by another storyteller. */
let venueX: number;
let venueY: number;
let otherSt: number;
const { get, post } = useTestApp(twoVenuesApp, (app) => {
  ({ t, id, venueX, venueY, otherSt } = app);
});
const errorPaths = (body: { errors?: { path: string; message: string }[] }) => (body.errors ?? []).map((e) => e.path);

describe('POST /api/character/{id}/sign', () => {
  const notificationsOf = (id_user: number, like: string) =>
    scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${id_user} and message like ${like}`);

  it('accepts a Pending character once: the player is told, and signing twice is a 409 with one change', async () => {
    const db = t.database.db;
    const pending = await buildCharacter(db, { id_user: id.member!, id_venue: venueX, character_name: 'Corin Dale', being_reviewed: 'no' });
    const payload = { resultSigned: 'yes', storytellerId: id.storyteller, signResponse: 'Welcome.' };
    const first = await post(`/api/character/${pending.id_character}/sign`, 'storyteller', payload);
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toEqual({ id_character: pending.id_character, vss_status: 'Accepted' });
    const [after] = await rows<{ signed_at: unknown }>(
      db,
      sql`select signed_at::text from characters where id_character = ${pending.id_character}`,
    );

    const second = await post(`/api/character/${pending.id_character}/sign`, 'storyteller', { ...payload, resultSigned: 'no' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('characters.not_pending');
    const [row] = await rows(
      db,
      sql`select being_reviewed, st_signed, sign_response, signed_by, signed_at::text from characters where id_character = ${pending.id_character}`,
    );
    expect(row).toEqual({
      being_reviewed: 'yes',
      st_signed: 'yes',
      sign_response: 'Welcome.',
      signed_by: id.storyteller,
      signed_at: after!.signed_at,
    });
    expect(await notificationsOf(id.member!, 'Corin Dale was accepted on Harbour Court. The storyteller wrote: Welcome.')).toBe(1);
    expect((await get(`/api/character/${pending.id_character}`, 'member')).json().result.vss_status).toBe('Accepted');
  });

  it('changes the character once when two signings race', async () => {
    const pending = await buildCharacter(t.database.db, { id_venue: venueX, being_reviewed: 'no' });
    const [a, b] = await Promise.all([
      post(`/api/character/${pending.id_character}/sign`, 'storyteller', { resultSigned: 'yes' }),
      post(`/api/character/${pending.id_character}/sign`, 'storyteller', { resultSigned: 'no' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await notificationsOf(pending.id_user, `${pending.character_name} was %`)).toBe(1);
  });

  it('rejects, and the player hears that too, with the storyteller’s response', async () => {
    const pending = await buildCharacter(t.database.db, { id_venue: venueX, being_reviewed: 'no', character_name: 'Wendel Ash' });
    const res = await post(`/api/character/${pending.id_character}/sign`, 'storyteller', {
      resultSigned: 'no',
      signResponse: 'Not this chronicle.',
    });
    expect(res.json().result.vss_status).toBe('Rejected');
    expect(
      await notificationsOf(pending.id_user, 'Wendel Ash was rejected on Harbour Court. The storyteller wrote: Not this chronicle.'),
    ).toBe(1);
  });

  it('refuses the storyteller of venue Y on venue X’s character, the player and a coordinator (403); an admin may sign', async () => {
    const pending = await buildCharacter(t.database.db, { id_user: id.member!, id_venue: venueX, being_reviewed: 'no' });
    for (const who of ['otherSt', 'member', 'coordinator']) {
      expect((await post(`/api/character/${pending.id_character}/sign`, who, { resultSigned: 'yes' })).statusCode).toBe(403);
    }
    const onY = await buildCharacter(t.database.db, { id_venue: venueY, being_reviewed: 'no' });
    expect((await post(`/api/character/${onY.id_character}/sign`, 'storyteller', { resultSigned: 'yes' })).statusCode).toBe(403);
    expect(
      await scalar(
        t.database.db,
        sql`select count(*)::int from characters where id_character in (${pending.id_character}, ${onY.id_character}) and being_reviewed = 'yes'`,
      ),
    ).toBe(0);
    expect((await post(`/api/character/${onY.id_character}/sign`, 'admin', { resultSigned: 'yes' })).statusCode).toBe(200);
    // Not even an administrator signs their own character onto a sheet.
    const adminsOwn = await buildCharacter(t.database.db, { id_user: id.admin!, id_venue: venueX, being_reviewed: 'no' });
    expect((await post(`/api/character/${adminsOwn.id_character}/sign`, 'admin', { resultSigned: 'yes' })).statusCode).toBe(403);
  });

  it('does not sign a character onto a sheet it moved to after the signer’s right was checked', async () => {
    const { signCharacter } = await import('../characters/style-sheet-characters.service');
    const pending = await buildCharacter(t.database.db, { id_venue: venueX, being_reviewed: 'no' });
    // Checked on X, but the player moved it to Y in between: nothing is signed (409).
    await t.database.db.execute(sql`update characters set id_venue = ${venueY} where id_character = ${pending.id_character}`);
    await expect(
      signCharacter(t.database.db, pending.id_character, { id_venue: venueX, venue_st: id.storyteller! }, id.storyteller!, {
        resultSigned: 'yes',
      }),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(
      await scalar(
        t.database.db,
        sql`select count(*)::int from characters where id_character = ${pending.id_character} and being_reviewed = 'yes'`,
      ),
    ).toBe(0);
  });

  it('does not sign for a storyteller whose sheet was handed to another after their right was checked', async () => {
    const { signCharacter } = await import('../characters/style-sheet-characters.service');
    const db = t.database.db;
    const pending = await buildCharacter(db, { id_venue: venueX, being_reviewed: 'no' });
    // Checked while the demo storyteller ran X, but X went to the other storyteller in between: a 409, nothing signed.
    await db.execute(sql`update venues set id_user_st = ${otherSt} where id_venue = ${venueX}`);
    try {
      await expect(
        signCharacter(db, pending.id_character, { id_venue: venueX, venue_st: id.storyteller! }, id.storyteller!, { resultSigned: 'yes' }),
      ).rejects.toMatchObject({ statusCode: 409 });
    } finally {
      await db.execute(sql`update venues set id_user_st = ${id.storyteller!} where id_venue = ${venueX}`);
    }
    expect(
      await scalar(db, sql`select count(*)::int from characters where id_character = ${pending.id_character} and being_reviewed = 'yes'`),
    ).toBe(0);
  });

  it('answers 400 naming the field for a bad result or another storyteller’s id, and 404 for an unknown character', async () => {
    const pending = await buildCharacter(t.database.db, { id_venue: venueX, being_reviewed: 'no' });
    const bad = await post(`/api/character/${pending.id_character}/sign`, 'storyteller', { resultSigned: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(errorPaths(bad.json())).toEqual(['resultSigned']);
    const other = await post(`/api/character/${pending.id_character}/sign`, 'storyteller', { resultSigned: 'yes', storytellerId: otherSt });
    expect(other.statusCode).toBe(400);
    expect(errorPaths(other.json())).toEqual(['storytellerId']);
    expect((await post('/api/character/99999999/sign', 'storyteller', { resultSigned: 'yes' })).statusCode).toBe(404);
  });
});

describe('GET /api/characters/venue/{id}', () => {
  it('lists the sheet’s characters by id with their states; sign is offered only for Pending ones on the caller’s sheet', async () => {
    const db = t.database.db;
    await buildCharacter(db, { id_venue: venueX, being_reviewed: 'no' });
    const res = await get(`/api/characters/venue/${venueX}?count=100`, 'storyteller');
    expect(res.statusCode).toBe(200);
    const { rows: list, count } = res.json().result;
    const expected = await rows<{ id_character: number; vss_status: string }>(
      db,
      sql`select id_character, case when being_reviewed = 'no' then 'Pending' when st_signed = 'yes' then 'Accepted' when st_signed = 'no' then 'Rejected' else 'Unknown' end as vss_status
          from characters where id_venue = ${venueX} order by id_character`,
    );
    expect(count).toBe(expected.length);
    expect(
      list.map((r: { id_character: number; vss_status: string }) => ({ id_character: r.id_character, vss_status: r.vss_status })),
    ).toEqual(expected);
    for (const r of list as { vss_status: string; abilities: string[]; id_user: number }[]) {
      expect(r.abilities).toEqual(r.vss_status === 'Pending' && r.id_user !== id.storyteller ? ['sign'] : []);
    }
    const asOther = (await get(`/api/characters/venue/${venueX}?count=100`, 'otherSt')).json().result.rows as { abilities: string[] }[];
    expect(asOther.every((r) => r.abilities.length === 0)).toBe(true);
  });

  it('gives each sheet its own characters, page by page and sort by sort, as a plain query does', async () => {
    const db = t.database.db;
    for (const venue of [venueX, venueY]) await buildCharacter(db, { id_venue: venue, character_name: `Zed of ${venue}` });
    for (const venue of [venueX, venueY, venueX]) {
      for (const [query, order] of [
        ['sortBy=id_character&direction=asc', sql`id_character`],
        ['sortBy=character_name&direction=desc', sql`lower(character_name) desc, id_character desc`],
      ] as const) {
        const expected = (
          await rows<{ id: number }>(db, sql`select id_character as id from characters where id_venue = ${venue} order by ${order}`)
        ).map((r) => Number(r.id));
        for (const page of [1, 2]) {
          const res = (await get(`/api/characters/venue/${venue}?${query}&count=1&page=${page}`, 'storyteller')).json().result;
          expect(res.count).toBe(expected.length);
          expect(res.rows.map((r: { id_character: number }) => r.id_character)).toEqual(expected.slice(page - 1, page));
        }
      }
    }
  });

  it('is for staff and storytellers (a member gets 403); 404 for an unknown sheet; 400 for a bad sort', async () => {
    expect((await get(`/api/characters/venue/${venueX}`, 'member')).statusCode).toBe(403);
    expect((await get('/api/characters/venue/99999999', 'storyteller')).statusCode).toBe(404);
    expect((await get(`/api/characters/venue/${venueX}?sortBy=id_user`, 'storyteller')).statusCode).toBe(400);
  });
});
