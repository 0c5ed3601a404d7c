// Style sheets, written: adding and updating one and its items, the storyteller of venue X acting on venue Y
// refused for every write, and a storyteller without a domain of their own. Reading them: venues.test.ts.
import type { VenueForm, VenueItemAdd } from '@guildhall/shared/schemas/venues';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildLocation, buildMember, buildVenue } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { errorPaths, form, id, item, t, token, useVenuesTestApp, venueX, venueY } from './venues-test-app';

const { get, post } = useVenuesTestApp();

describe('POST /api/venue/add', () => {
  it('adds a style sheet in the caller’s domain, run by the caller, who holds its Venue Storyteller post', async () => {
    const res = await post('/api/venue/add', 'storyteller', form({ id_location: 1, id_user_st: id.member }));
    expect(res.statusCode).toBe(200);
    const created = res.json().result.id_venue;
    const [row] = await rows(
      t.database.db,
      sql`select v.id_user_st, v.id_location = u.id_location as in_own_domain, v.venue_style,
            (select count(*)::int from positions p where p.id_venue = v.id_venue and p.id_user = ${id.storyteller} and p.pos_type = 'VST') as posts
          from venues v join users u on u.id_user = ${id.storyteller} where v.id_venue = ${created}`,
    );
    expect(row).toEqual({ id_user_st: id.storyteller, in_own_domain: true, venue_style: 'Masquerade is law.', posts: 1 });
    // The post starts its history with the caller's holding, and its creation is audited.
    const [history] = await rows(
      t.database.db,
      sql`select h.id_user, h.ended_at, (select count(*)::int from audit_log a where a.action = 'position.create' and a.entity_id = p.id_position::text and a.id_user = ${id.storyteller}) as audited
          from positions p join position_holders h on h.id_position = p.id_position where p.id_venue = ${created}`,
    );
    expect(history).toEqual({ id_user: id.storyteller, ended_at: null, audited: 1 });
  });

  it.each([
    ['id_venue_type', { id_venue_type: '' }, 'venue type is a required field'],
    ['venue_name', { venue_name: '  ' }, 'name is a required field'],
    ['venue_style', { venue_style: undefined }, 'style text is a required field'],
  ])('answers 400 naming %s', async (field, change, message) => {
    const res = await post('/api/venue/add', 'storyteller', form(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: field, message });
  });

  it('answers 400 for an unknown venue type and 403 for a member who is not a storyteller', async () => {
    const unknown = await post('/api/venue/add', 'storyteller', form({ id_venue_type: 999999 }));
    expect(unknown.statusCode).toBe(400);
    expect(errorPaths(unknown.json())).toEqual(['id_venue_type']);
    const denied = await post('/api/venue/add', 'member', form());
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('venues.forbidden');
  });
});

describe('POST /api/venue/{id}/update', () => {
  it('lets the venue’s storyteller change the text, stored as written, and answers the sheet', async () => {
    const hostile = '<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>';
    const res = await post(`/api/venue/${venueX}/update`, 'storyteller', form({ venue_name: 'Harbour Court', venue_style: hostile }));
    expect(res.statusCode).toBe(200);
    expect(res.json().result.venue_style).toBe(hostile);
    expect(await scalar(t.database.db, sql`select count(*)::int from venues where id_venue = ${venueX} and venue_style = ${hostile}`)).toBe(
      1,
    );
  });

  it('refuses the storyteller of another venue, a member and a coordinator (403), and changes nothing', async () => {
    for (const who of ['otherSt', 'member', 'coordinator']) {
      const res = await post(`/api/venue/${venueX}/update`, who, form({ venue_name: 'Stolen' }));
      expect(res.statusCode).toBe(403);
    }
    expect((await post(`/api/venue/${venueY}/update`, 'storyteller', form({ venue_name: 'Stolen' }))).statusCode).toBe(403);
    expect(await scalar(t.database.db, sql`select count(*)::int from venues where venue_name = 'Stolen'`)).toBe(0);
  });

  it('lets an administrator edit any sheet; 400 names a missing field; 404 for an unknown id', async () => {
    expect((await post(`/api/venue/${venueY}/update`, 'admin', form({ venue_name: 'Ashen Vale' }))).statusCode).toBe(200);
    const bad = await post(`/api/venue/${venueX}/update`, 'storyteller', form({ venue_style: '' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ path: 'venue_style', message: 'style text is a required field' });
    expect((await post('/api/venue/99999999/update', 'admin', form())).statusCode).toBe(404);
  });
});

describe('venue items', () => {
  it('adds an item to the storyteller’s own sheet and lists the sheet’s items as SQL has them', async () => {
    const res = await post('/api/venue-items/add', 'storyteller', item(venueX, { name: 'Lighthouse', type: 'Location' }));
    expect(res.statusCode).toBe(200);
    const list = await get(`/api/venue-items/venue/${venueX}`, 'member');
    expect(list.statusCode).toBe(200);
    const { rows: items, count } = list.json().result;
    expect(count).toBe(await scalar(t.database.db, sql`select count(*)::int from venue_items where id_venue = ${venueX}`));
    expect(items).toContainEqual(
      expect.objectContaining({ name: 'Lighthouse', type: 'Location', id_user_st: id.storyteller, id_venue: venueX }),
    );
  });

  it.each([
    ['name', { name: '' }, 'name is a required field'],
    ['type', { type: 'Weapon' }, 'type is a required field'],
    ['description', { description: undefined }, 'description is a required field'],
  ])('answers 400 naming %s', async (field, change, message) => {
    const res = await post('/api/venue-items/add', 'storyteller', item(venueX, change));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: field, message });
  });

  it('refuses items on venue Y from the storyteller of venue X, and from a member (403)', async () => {
    expect((await post('/api/venue-items/add', 'storyteller', item(venueY))).statusCode).toBe(403);
    expect((await post('/api/venue-items/add', 'otherSt', item(venueX))).statusCode).toBe(403);
    expect((await post('/api/venue-items/add', 'member', item(venueX))).statusCode).toBe(403);
    const unknown = await post('/api/venue-items/add', 'admin', item(99999999));
    expect(unknown.statusCode).toBe(400);
    expect(errorPaths(unknown.json())).toEqual(['id_venue']);
    expect((await get('/api/venue-items/venue/99999999', 'member')).statusCode).toBe(404);
  });

  it('answers 409 naming name for the same item twice on one sheet, and takes the name as another type', async () => {
    const same = item(venueX, { name: 'Twin' });
    expect((await post('/api/venue-items/add', 'storyteller', same)).statusCode).toBe(200);
    const again = await post('/api/venue-items/add', 'storyteller', same);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'venues.item_taken', errors: [{ path: 'name', message: expect.any(String) }] });
    expect((await post('/api/venue-items/add', 'storyteller', { ...same, type: 'Location' })).statusCode).toBe(200);
  });
});

describe('a new domain’s storyteller', () => {
  it('cannot add a style sheet without a domain of their own', async () => {
    const db = t.database.db;
    const loc = await buildLocation(db);
    const lone = await buildMember(db, { email: 'lone-st@factory.test', id_location: null });
    await buildVenue(db, { id_user_st: lone.id_user, id_location: loc.id_location });
    await db.execute(
      sql`update users set password_hash = (select password_hash from users where id_user = ${id.storyteller}) where id_user = ${lone.id_user}`,
    );
    token.lone = await t.tokenFor('lone-st@factory.test');
    const res = await post('/api/venue/add', 'lone', form());
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('venues.no_domain');
    expect(await scalar(db, sql`select count(*)::int from venues where id_user_st = ${lone.id_user}`)).toBe(1);
  });
});

describe('a style sheet handed to another storyteller after the caller’s right was checked', () => {
  it('is neither edited nor given an item by the storyteller who had it (409, nothing written)', async () => {
    const { addVenueItem, updateVenue } = await import('./venues.service');
    const db = t.database.db;
    const checked = { id_user_st: id.storyteller! };
    const sheetX = sql`select venue_name, venue_style from venues where id_venue = ${venueX}`;
    const before = await rows(db, sheetX);
    await db.execute(
      sql`update venues set id_user_st = (select id_user_st from venues where id_venue = ${venueY}) where id_venue = ${venueX}`,
    );
    try {
      const text = form({ venue_style: 'Not mine any more.' }) as VenueForm;
      await expect(updateVenue(db, venueX, checked, text)).rejects.toMatchObject({ statusCode: 409 });
      const late = item(venueX, { name: 'Late blade' }) as VenueItemAdd;
      await expect(addVenueItem(db, id.storyteller!, checked, late)).rejects.toMatchObject({ statusCode: 409 });
    } finally {
      await db.execute(sql`update venues set id_user_st = ${id.storyteller!} where id_venue = ${venueX}`);
    }
    expect(await rows(db, sheetX)).toEqual(before);
    expect(await scalar(db, sql`select count(*)::int from venue_items where name = 'Late blade'`)).toBe(0);
  });
});
