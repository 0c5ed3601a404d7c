// Issue 13: Administration › Posts — listing and filtering, assigning, ending and reassigning with their history and
// audit rows, and a reassignment moving open applications to the new holder (moved from administration.test.ts).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buildApproval,
  buildCharacter,
  buildLocation,
  buildMember,
  buildPosition,
  buildSheetWithPost,
  buildVenue,
} from '../../test/factories';
import { auditCount, rows, scalar } from '../../test/sql';
import { bearer, type TestApp, useMatrixApp } from '../../test/test-app';

let t: TestApp;
let id: Record<string, number>;
const { get, post } = useMatrixApp((app) => {
  ({ t, id } = app);
});

describe('positions', () => {
  it('lists posts with holders, filters by location, type and vacancy, pages and sorts', async () => {
    const res = await get(`/api/positions?locationId=${id.memberLocation}&count=50`, 'admin');
    expect(res.statusCode).toBe(200);
    const { rows: list, count } = res.json().result;
    expect(count).toBe(await scalar(t.database.db, sql`select count(*)::int from positions where id_location = ${id.memberLocation}`));
    const dc = list.find((p: { pos_type: string }) => p.pos_type === 'DC');
    expect(dc.holder.id_user).toBe(id.coordinator);
    expect(dc.domain_code).toMatch(/-/);
    const vacant = (await get('/api/positions?vacant=yes&count=100', 'admin')).json().result.rows;
    expect(vacant.every((p: { holder: unknown }) => p.holder === null)).toBe(true);
    const dcs = (await get('/api/positions?posType=DC&sortBy=pos_title&direction=desc', 'admin')).json().result.rows;
    expect(dcs.every((p: { pos_type: string }) => p.pos_type === 'DC')).toBe(true);
    expect((await get('/api/positions?sortBy=password', 'admin')).statusCode).toBe(400);
    expect((await get('/api/positions?posType=KING', 'admin')).json().errors[0].path).toBe('posType');
  });

  it('adds a post, assigns, reassigns and ends it, keeping every holding with its dates, each audited', async () => {
    const a = await buildMember(t.database.db);
    const b = await buildMember(t.database.db);
    const added = await post('/api/positions/add', 'admin', { id_location: id.memberLocation, pos_type: 'ADST', id_user: a.id_user });
    expect(added.statusCode).toBe(200);
    const pid = added.json().result.id_position;
    expect((await rows(t.database.db, sql`select pos_title from positions where id_position = ${pid}`))[0]).toEqual({
      pos_title: 'Assistant Domain Storyteller',
    });
    expect((await post(`/api/positions/${pid}/assign`, 'admin', { id_user: a.id_user })).statusCode).toBe(409);
    expect((await post(`/api/positions/${pid}/assign`, 'admin', { id_user: b.id_user })).statusCode).toBe(200);
    expect((await post(`/api/positions/${pid}/end`, 'admin')).statusCode).toBe(200);
    expect((await post(`/api/positions/${pid}/end`, 'admin')).statusCode).toBe(409);
    const history = (await get(`/api/positions/${pid}/history`, 'admin')).json().result.rows;
    expect(history.map((h: { id_user: number }) => h.id_user)).toEqual([a.id_user, b.id_user]);
    expect(history.every((h: { ended_at: string | null }) => h.ended_at !== null)).toBe(true);
    for (const action of ['position.create', 'position.reassign', 'position.end'])
      expect(await auditCount(t.database.db, action, pid)).toBe(1);
  });

  it('shows a seeded post’s holding in its history', async () => {
    const dc = await scalar(
      t.database.db,
      sql`select id_position::int from positions where id_user = ${id.coordinator} and pos_type = 'DC'`,
    );
    const history = (await get(`/api/positions/${dc}/history`, 'admin')).json().result.rows;
    expect(history).toEqual([expect.objectContaining({ id_user: id.coordinator, ended_at: null })]);
    expect((await get('/api/positions/999999/history', 'admin')).statusCode).toBe(404);
  });

  it('takes effect on the holder’s next request', async () => {
    const p = await buildPosition(t.database.db, { pos_type: 'DC', id_location: id.memberLocation });
    const m = await buildMember(t.database.db, { id_location: id.memberLocation });
    const mToken = await t.sessionFor(m.id_user);
    const members = () => t.app.inject({ method: 'GET', url: '/api/coordinator/members', headers: bearer(mToken) });
    expect((await members()).statusCode).toBe(403);
    await post(`/api/positions/${p.id_position}/assign`, 'admin', { id_user: m.id_user });
    expect((await members()).statusCode).toBe(200);
    await post(`/api/positions/${p.id_position}/end`, 'admin');
    expect((await members()).statusCode).toBe(403);
  });

  it('validates: type, venue for a venue post only, holder and location', async () => {
    const bad = await post('/api/positions/add', 'admin', { id_location: id.memberLocation, pos_type: 'KING' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('pos_type');
    expect((await post('/api/positions/add', 'admin', { id_location: id.memberLocation, pos_type: 'VST' })).json().errors[0].path).toBe(
      'id_venue',
    );
    const venue = await buildVenue(t.database.db);
    expect(
      (await post('/api/positions/add', 'admin', { id_location: id.memberLocation, pos_type: 'DST', id_venue: venue.id_venue })).statusCode,
    ).toBe(400);
    expect((await post('/api/positions/add', 'admin', { id_location: 999999, pos_type: 'DST' })).json().errors[0].path).toBe('id_location');
    const p = await buildPosition(t.database.db, { pos_type: 'ADST' });
    expect((await post(`/api/positions/${p.id_position}/assign`, 'admin', {})).json().errors[0].path).toBe('id_user');
    expect((await post(`/api/positions/${p.id_position}/assign`, 'admin', { id_user: 999999 })).json().errors[0].path).toBe('id_user');
    expect((await post('/api/positions/999999/end', 'admin')).statusCode).toBe(404);
  });

  it('a reassignment moves an open application to the new holder, with an event; decided ones stay', async () => {
    const domain = await buildLocation(t.database.db);
    const oldDst = await buildMember(t.database.db);
    const newDst = await buildMember(t.database.db);
    const post_ = await buildPosition(t.database.db, { pos_type: 'DST', id_location: domain.id_location, id_user: oldDst.id_user });
    const venue = await buildVenue(t.database.db, { id_location: domain.id_location });
    const character = await buildCharacter(t.database.db, { id_venue: venue.id_venue });
    const open = await buildApproval(t.database.db, {
      character_id: character.id_character,
      status: 'Pending Mid',
      id_user_mid: oldDst.id_user,
    });
    const done = await buildApproval(t.database.db, {
      character_id: character.id_character,
      status: 'Approved',
      id_user_mid: oldDst.id_user,
    });
    // Another domain's application with the same approver is not this post's.
    const elsewhere = await buildApproval(t.database.db, { status: 'Pending Mid', id_user_mid: oldDst.id_user });

    const res = await post(`/api/positions/${post_.id_position}/assign`, 'admin', { id_user: newDst.id_user });
    expect(res.json().result.moved).toEqual([open.id]);
    const chain = await rows(
      t.database.db,
      sql`select id, id_user_mid from approvals where id in (${open.id}, ${done.id}, ${elsewhere.id}) order by id`,
    );
    expect(chain).toEqual([
      { id: open.id, id_user_mid: newDst.id_user },
      { id: done.id, id_user_mid: oldDst.id_user },
      { id: elsewhere.id, id_user_mid: oldDst.id_user },
    ]);
    const [event] = await rows<{ from_status: string; to_status: string; note: string; id_user: number }>(
      t.database.db,
      sql`select from_status, to_status, note, id_user from approval_events where approval_id = ${open.id}`,
    );
    expect(event).toMatchObject({ from_status: 'Pending Mid', to_status: 'Pending Mid', id_user: id.admin });
    expect(event!.note).toMatch(/^Approver changed: .* → .*/);
    // The new holder is now the named approver at the application's current level.
    expect(
      await scalar(
        t.database.db,
        sql`select count(*)::int from approvals where id = ${open.id} and status = 'Pending Mid' and id_user_mid = ${newDst.id_user}`,
      ),
    ).toBe(1);
    expect(
      await scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${newDst.id_user} and kind = 'approval'`),
    ).toBe(1);
    // The old holder may no longer act on it; the new one approves it through the workflow (issue 12).
    const approve = async (member: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/approvals/${open.id}/approve`,
        headers: bearer(await t.sessionFor(member)),
        payload: { expectedStatus: 'Pending Mid' },
      });
    expect((await approve(oldDst.id_user)).statusCode).toBe(403);
    const approved = await approve(newDst.id_user);
    expect(approved.statusCode).toBe(200);
    expect(await scalar(t.database.db, sql`select status from approvals where id = ${open.id}`)).not.toBe('Pending Mid');
    expect(
      await scalar(
        t.database.db,
        sql`select count(*)::int from approval_events where approval_id = ${open.id} and id_user = ${newDst.id_user} and from_status = 'Pending Mid'`,
      ),
    ).toBe(1);
  });
});

describe('a venue storyteller post', () => {
  it('moves the style sheet with it: the new holder edits the sheet, the old one no longer may', async () => {
    const domain = await buildLocation(t.database.db);
    const oldSt = await buildMember(t.database.db);
    const newSt = await buildMember(t.database.db);
    const { venue, post: post_ } = await buildSheetWithPost(t.database.db, domain.id_location, oldSt.id_user);
    const abilitiesOf = async (member: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/venue/${venue.id_venue}`, headers: bearer(await t.sessionFor(member)) })).json().extra
        .abilities;
    expect(await abilitiesOf(oldSt.id_user)).toContain('edit');
    expect((await post(`/api/positions/${post_.id_position}/assign`, 'admin', { id_user: newSt.id_user })).statusCode).toBe(200);
    expect(await scalar(t.database.db, sql`select id_user_st from venues where id_venue = ${venue.id_venue}`)).toBe(newSt.id_user);
    expect(await abilitiesOf(newSt.id_user)).toContain('edit');
    expect(await abilitiesOf(oldSt.id_user)).toEqual([]);
    expect((await post(`/api/positions/${post_.id_position}/end`, 'admin')).statusCode).toBe(200);
    expect(await rows(t.database.db, sql`select id_user_st from venues where id_venue = ${venue.id_venue}`)).toEqual([
      { id_user_st: null },
    ]);
    // One storyteller post a venue: a second is refused, and the vacant one is assigned instead.
    const second = await post('/api/positions/add', 'admin', {
      id_location: domain.id_location,
      id_venue: venue.id_venue,
      pos_type: 'VST',
      id_user: oldSt.id_user,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('positions.venue_has_storyteller');
    expect(await scalar(t.database.db, sql`select count(*)::int from positions where id_venue = ${venue.id_venue}`)).toBe(1);
  });

  it('a reassignment clears the former holder’s notices of the applications that left them, and counts only those awaiting the new one', async () => {
    const domain = await buildLocation(t.database.db);
    const [former, next] = [await buildMember(t.database.db), await buildMember(t.database.db)];
    const post_ = await buildPosition(t.database.db, { pos_type: 'DST', id_location: domain.id_location, id_user: former.id_user });
    const character = await buildCharacter(t.database.db, {
      id_venue: (await buildVenue(t.database.db, { id_location: domain.id_location })).id_venue,
    });
    const atMid = await buildApproval(t.database.db, {
      character_id: character.id_character,
      status: 'Pending Mid',
      id_user_mid: former.id_user,
    });
    await buildApproval(t.database.db, { character_id: character.id_character, status: 'Pending Low', id_user_mid: former.id_user });
    await t.database.db.execute(
      sql`insert into notifications (id_user, kind, message, link, subject)
          values (${former.id_user}, 'approval', 'It awaits your review', ${`/storyteller/approvals/${atMid.id}`}, ${`approval:${atMid.id}`})`,
    );
    const notices = async (member: number) =>
      (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(await t.sessionFor(member)) })).json();
    expect((await notices(former.id_user)).extra.unread).toBe(1);

    expect((await post(`/api/positions/${post_.id_position}/assign`, 'admin', { id_user: next.id_user })).statusCode).toBe(200);
    const review = (body: { result: { rows: { kind: string; message: string; read_at: string | null }[] } }) =>
      body.result.rows.filter((n) => n.kind === 'approval');
    expect(review(await notices(former.id_user)).map((n) => n.read_at)).toEqual([expect.any(String)]);
    const told = await notices(next.id_user);
    expect(review(told).map((n) => n.message)).toEqual([`1 open application now awaits your review as ${post_.pos_title}.`]);
    // Once the post moves on again, that count is no longer theirs to act on: it is resolved.
    const third = await buildMember(t.database.db);
    expect((await post(`/api/positions/${post_.id_position}/assign`, 'admin', { id_user: third.id_user })).statusCode).toBe(200);
    expect(review(await notices(next.id_user)).map((n) => n.read_at)).toEqual([expect.any(String)]);
  });
});
