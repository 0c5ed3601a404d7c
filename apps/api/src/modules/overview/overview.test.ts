// GET /user/{id}/overview and GET /positions/domain/{id}: every figure equals what the database holds.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, scalar } from '../../test/sql';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let id: Record<string, number>;
let token: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ id, token } = await t.accounts('member', 'storyteller', 'coordinator', 'admin'));
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(token[who]!) });

async function expectedTiles(id_user: number) {
  const db = t.database.db;
  const [sums] = await rows<Record<string, number>>(
    db,
    sql`select coalesce(sum(prestige_general),0)::int as g, coalesce(sum(prestige_regional),0)::int as r, coalesce(sum(prestige_national),0)::int as n from prestige where id_user = ${id_user}`,
  );
  return {
    mc: await scalar(
      db,
      sql`select coalesce(max(mc),0)::int from mc_levels where general_required <= ${sums!.g} and regional_required <= ${sums!.r} and national_required <= ${sums!.n}`,
    ),
    activeCharacters: await scalar(
      db,
      sql`select count(*)::int from characters where id_user = ${id_user} and character_status = 'Active'`,
    ),
    openApprovals: await scalar(
      db,
      sql`select count(*)::int from approvals a join characters c on c.id_character = a.character_id where c.id_user = ${id_user} and a.status in ('Pending Low','Pending Mid','Pending High','Pending Top','Pending CST','Pending Global')`,
    ),
    notifications: await scalar(db, sql`select count(*)::int from notifications where id_user = ${id_user} and read_at is null`),
  };
}

describe('GET /api/user/{id}/overview', () => {
  it('gives a plain member their live figures and no VST panel', async () => {
    const res = await get(`/api/user/${id.member}/overview`, 'member');
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result.tiles).toEqual(await expectedTiles(id.member!));
    expect(result.tiles.activeCharacters).toBeGreaterThanOrEqual(3);
    expect(result.tiles.openApprovals).toBeGreaterThanOrEqual(2);
    const [user] = await rows<{ user_camnum: string; user_expiration: string }>(
      t.database.db,
      sql`select user_camnum, to_char(user_expiration, 'YYYY-MM-DD') as user_expiration from users where id_user = ${id.member}`,
    );
    expect(result.membership).toEqual({
      user_camnum: user!.user_camnum,
      user_expiration: user!.user_expiration,
      expired: user!.user_expiration < new Date().toISOString().slice(0, 10),
    });
    expect(result.vst).toBeNull();
  });

  it('gives a storyteller the VST panel counted over their venues', async () => {
    const res = await get(`/api/user/${id.storyteller}/overview`, 'storyteller');
    expect(res.statusCode).toBe(200);
    const { vst, tiles } = res.json().result;
    expect(tiles).toEqual(await expectedTiles(id.storyteller!));
    const db = t.database.db;
    expect(vst).toEqual({
      positionCode: expect.stringMatching(/^[A-Z]{2}-\d{3}-DST$/),
      pcsOnVss: await scalar(
        db,
        sql`select count(*)::int from characters c join venues v on v.id_venue = c.id_venue where v.id_user_st = ${id.storyteller} and c.being_reviewed = 'yes' and c.st_signed = 'yes'`,
      ),
      pcsPending: await scalar(
        db,
        sql`select count(*)::int from characters c join venues v on v.id_venue = c.id_venue where v.id_user_st = ${id.storyteller} and c.being_reviewed = 'no'`,
      ),
      pendingApprovals: await scalar(
        db,
        sql`select count(*)::int from approvals where (status = 'Pending Low' and id_user_low = ${id.storyteller}) or (status = 'Pending Mid' and id_user_mid = ${id.storyteller}) or (status = 'Pending High' and id_user_high = ${id.storyteller}) or (status in ('Pending Top','Pending Global','Pending CST') and id_user_global = ${id.storyteller})`,
      ),
      vssItems: await scalar(
        db,
        sql`select count(*)::int from venue_items i join venues v on v.id_venue = i.id_venue where v.id_user_st = ${id.storyteller}`,
      ),
    });
    expect(vst.pcsPending).toBeGreaterThan(0);
    expect(vst.pendingApprovals).toBeGreaterThan(0);
  });

  it('refuses another member’s overview, but lets an administrator see it', async () => {
    expect((await get(`/api/user/${id.storyteller}/overview`, 'member')).statusCode).toBe(403);
    expect((await get(`/api/user/${id.member}/overview`, 'coordinator')).statusCode).toBe(403);
    const asAdmin = await get(`/api/user/${id.member}/overview`, 'admin');
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().result.tiles).toEqual(await expectedTiles(id.member!));
  });

  it('shows an administrator another member’s own VST panel, and 404 for an id no member has', async () => {
    const own = (await get(`/api/user/${id.storyteller}/overview`, 'storyteller')).json().result;
    const seenByAdmin = (await get(`/api/user/${id.storyteller}/overview`, 'admin')).json().result;
    expect(seenByAdmin.vst).toEqual(own.vst);
    expect(seenByAdmin.vst).not.toBeNull();
    const missing = await get('/api/user/999999/overview', 'admin');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('users.not_found');
  });

  it('gives each of several overviews asked for at once its own member’s figures (they share a statement)', async () => {
    const members = [id.member!, id.coordinator!, id.admin!];
    const answers = await Promise.all([...members, 999_999].map((member) => get(`/api/user/${member}/overview`, 'admin')));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 404]);
    for (const [i, member] of members.entries()) expect(answers[i]!.json().result.tiles).toEqual(await expectedTiles(member));
    expect(new Set(answers.slice(0, 3).map((res) => res.json().result.membership.user_camnum)).size).toBe(3);
  });

  it('answers 400 for a bad id and 401 without a token', async () => {
    expect((await get('/api/user/abc/overview', 'member')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${id.member}/overview` })).statusCode).toBe(401);
  });
});

describe('GET /api/positions/domain/{id}', () => {
  it('lists the posts of the member’s domain with each holder’s membership number', async () => {
    const domain = await scalar(t.database.db, sql`select id_location::int from users where id_user = ${id.member}`);
    const res = await get(`/api/positions/domain/${domain}`, 'member');
    expect(res.statusCode).toBe(200);
    const { rows: posts, count } = res.json().result;
    expect(count).toBe(await scalar(t.database.db, sql`select count(*)::int from positions where id_location = ${domain}`));
    const dc = posts.find((p: { pos_type: string }) => p.pos_type === 'DC');
    const [{ c: camnum }] = (await rows<{ c: string }>(
      t.database.db,
      sql`select user_camnum as c from users where id_user = ${id.coordinator}`,
    )) as [{ c: string }];
    expect(dc).toMatchObject({ pos_title: 'Domain Coordinator', tbl_user: { id_user: id.coordinator, user_camnum: camnum } });
    expect(posts.findIndex((p: { pos_type: string }) => p.pos_type === 'DC')).toBeLessThan(
      posts.findIndex((p: { pos_type: string }) => p.pos_type === 'VST'),
    );
  });

  it('names the venue of each venue post, so two Venue Storytellers can be told apart', async () => {
    const domain = await scalar(t.database.db, sql`select id_location::int from users where id_user = ${id.storyteller}`);
    const venuePosts = await rows<{ id_position: number; venue_name: string }>(
      t.database.db,
      sql`select p.id_position, v.venue_name from positions p join venues v on v.id_venue = p.id_venue where p.id_location = ${domain}`,
    );
    expect(venuePosts.length).toBeGreaterThan(1);
    const { rows: posts } = (await get(`/api/positions/domain/${domain}`, 'member')).json().result;
    for (const post of venuePosts)
      expect(posts.find((p: { id_position: number }) => p.id_position === post.id_position)).toMatchObject({
        tbl_venue: { venue_name: post.venue_name },
      });
    expect(posts.filter((p: { tbl_venue: unknown }) => p.tbl_venue === null).map((p: { pos_type: string }) => p.pos_type)).toContain('DC');
  });

  it('answers an empty list for 0 (a member without a domain) and 400 for a bad id', async () => {
    expect((await get('/api/positions/domain/0', 'member')).json()).toEqual({ result: { rows: [], count: 0 } });
    expect((await get('/api/positions/domain/-1', 'member')).statusCode).toBe(400);
    for (const id of ['3000000000', '1e21']) {
      const res = await get(`/api/positions/domain/${id}`, 'member');
      expect([res.statusCode, res.json().errors?.[0]?.path], id).toEqual([400, 'id']);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/positions/domain/1' })).statusCode).toBe(401);
  });
});
