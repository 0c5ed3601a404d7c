// Who an open application names as its approvers when posts and characters move (DESIGN §6, decisions 026, 027):
// an assistant's post fills no chain, and a character moving to another sheet takes its Low approver along.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApproval, buildCharacter, buildLocation, buildMember, buildSheetWithPost, buildVenue } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { applicationForm } from './application-form';
import { bearer, type TestApp, useMatrixApp } from '../../test/test-app';

let t: TestApp;
const { post } = useMatrixApp((app) => {
  ({ t } = app);
});

const approveAs = async (member: number, approval: number, expectedStatus: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/approvals/${approval}/approve`,
    headers: bearer(await t.sessionFor(member)),
    payload: { expectedStatus },
  });
const approvalNotices = (member: number) =>
  scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${member} and kind = 'approval'`);

describe('an application’s approvers', () => {
  it('are not filled by an assistant’s post: the domain storyteller appointed later gets the vacant level', async () => {
    const domain = await buildLocation(t.database.db);
    const venue = await buildVenue(t.database.db, { id_location: domain.id_location });
    const character = await buildCharacter(t.database.db, { id_venue: venue.id_venue });
    const open = await buildApproval(t.database.db, {
      character_id: character.id_character,
      status: 'Pending Mid',
      required_approval: 'Mid',
    });
    const [assistant, storyteller] = [await buildMember(t.database.db), await buildMember(t.database.db)];

    const adst = await post('/api/positions/add', 'admin', {
      id_location: domain.id_location,
      pos_type: 'ADST',
      id_user: assistant.id_user,
    });
    expect(adst.statusCode).toBe(200);
    const midOf = () => rows<{ id_user_mid: number | null }>(t.database.db, sql`select id_user_mid from approvals where id = ${open.id}`);
    expect(await midOf()).toEqual([{ id_user_mid: null }]);
    expect(await approvalNotices(assistant.id_user)).toBe(0);

    const dst = await post('/api/positions/add', 'admin', {
      id_location: domain.id_location,
      pos_type: 'DST',
      id_user: storyteller.id_user,
    });
    expect(dst.statusCode).toBe(200);
    expect(await midOf()).toEqual([{ id_user_mid: storyteller.id_user }]);
  });

  it('follow a character to another style sheet at Low, so the former sheet’s storyteller loses them with their post', async () => {
    const domain = await buildLocation(t.database.db);
    const [alice, bob] = [await buildMember(t.database.db), await buildMember(t.database.db)];
    const { venue: sheetA, post: postA } = await buildSheetWithPost(t.database.db, domain.id_location, alice.id_user);
    const sheetB = await buildVenue(t.database.db, { id_location: domain.id_location, id_user_st: bob.id_user });
    const character = await buildCharacter(t.database.db, { id_venue: sheetA.id_venue });
    const open = await buildApproval(t.database.db, {
      character_id: character.id_character,
      status: 'Pending Low',
      id_user_low: alice.id_user,
    });
    const player = await t.sessionFor(character.id_user);

    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/character/${character.id_character}/update`,
      headers: bearer(player),
      payload: { id_venue: sheetB.id_venue },
    });
    expect(moved.statusCode).toBe(200);
    expect(await scalar(t.database.db, sql`select id_user_low from approvals where id = ${open.id}`)).toBe(bob.id_user);
    const [event] = await rows<{ note: string }>(t.database.db, sql`select note from approval_events where approval_id = ${open.id}`);
    expect(event!.note).toBe(`Approver changed: the character moved to ${sheetB.venue_name}`);
    expect(await approvalNotices(bob.id_user)).toBe(1);

    expect((await post(`/api/positions/${postA.id_position}/end`, 'admin')).statusCode).toBe(200);
    expect((await approveAs(alice.id_user, open.id, 'Pending Low')).statusCode).toBe(403);
    expect((await approveAs(bob.id_user, open.id, 'Pending Low')).statusCode).toBe(200);
  });
});

describe('an application for a character on a sheet its player runs (decision 143)', () => {
  const statusOf = (id: number) => rows<{ status: string }>(t.database.db, sql`select status from approvals where id = ${id}`);

  it('waits first for the domain storyteller, who is told and completes it; the player cannot', async () => {
    const db = t.database.db;
    const domain = await buildLocation(db);
    const [runner, dst] = [await buildMember(db, { id_location: domain.id_location }), await buildMember(db)];
    const { venue } = await buildSheetWithPost(db, domain.id_location, runner.id_user);
    const appointed = await post('/api/positions/add', 'admin', { id_location: domain.id_location, pos_type: 'DST', id_user: dst.id_user });
    expect(appointed.statusCode).toBe(200);
    const character = await buildCharacter(db, { id_user: runner.id_user, id_venue: venue.id_venue });
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/approval/add',
      headers: bearer(await t.sessionFor(runner.id_user)),
      payload: applicationForm({ character_id: character.id_character }),
    });
    expect(submitted.statusCode).toBe(200);
    const id = submitted.json().result.id as number;
    expect(await statusOf(id)).toEqual([{ status: 'Pending Mid' }]);
    expect(await approvalNotices(dst.id_user)).toBe(1);
    expect(await approvalNotices(runner.id_user)).toBe(0);
    expect((await approveAs(runner.id_user, id, 'Pending Mid')).statusCode).toBe(403);
    expect((await approveAs(dst.id_user, id, 'Pending Mid')).statusCode).toBe(200);
    expect(await statusOf(id)).toEqual([{ status: 'Approved' }]);
  });

  it('moves on to the domain storyteller when the character moves onto a sheet its player runs', async () => {
    const db = t.database.db;
    const domain = await buildLocation(db);
    const [runner, other, dst] = [await buildMember(db), await buildMember(db), await buildMember(db)];
    const sheetA = await buildVenue(db, { id_location: domain.id_location, id_user_st: other.id_user });
    const sheetB = await buildVenue(db, { id_location: domain.id_location, id_user_st: runner.id_user });
    const character = await buildCharacter(db, { id_user: runner.id_user, id_venue: sheetA.id_venue });
    const open = await buildApproval(db, {
      character_id: character.id_character,
      status: 'Pending Low',
      id_user_low: other.id_user,
      id_user_mid: dst.id_user,
    });
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/character/${character.id_character}/update`,
      headers: bearer(await t.sessionFor(runner.id_user)),
      payload: { id_venue: sheetB.id_venue },
    });
    expect(moved.statusCode).toBe(200);
    expect(await statusOf(open.id)).toEqual([{ status: 'Pending Mid' }]);
    expect(await approvalNotices(dst.id_user)).toBe(1);
    expect((await approveAs(dst.id_user, open.id, 'Pending Mid')).statusCode).toBe(200);
  });

  it('passes over the level of a player approved up to it: a storyteller approving sends it past its player', async () => {
    const db = t.database.db;
    const [player, vst, rst] = [await buildMember(db), await buildMember(db), await buildMember(db)];
    const character = await buildCharacter(db, { id_user: player.id_user });
    const open = await buildApproval(db, {
      character_id: character.id_character,
      status: 'Pending Low',
      required_approval: 'Mid',
      id_user_low: vst.id_user,
      id_user_mid: player.id_user,
      id_user_high: rst.id_user,
    });
    expect((await approveAs(vst.id_user, open.id, 'Pending Low')).statusCode).toBe(200);
    expect(await statusOf(open.id)).toEqual([{ status: 'Pending High' }]);
    expect(await approvalNotices(rst.id_user)).toBe(1);
    expect((await approveAs(rst.id_user, open.id, 'Pending High')).statusCode).toBe(200);
    expect(await statusOf(open.id)).toEqual([{ status: 'Approved' }]);
  });

  it('passes over the level of a post given to the player: the new holder is not told of their own application', async () => {
    const db = t.database.db;
    const domain = await buildLocation(db);
    const [player, rst] = [await buildMember(db), await buildMember(db)];
    const character = await buildCharacter(db, {
      id_user: player.id_user,
      id_venue: (await buildVenue(db, { id_location: domain.id_location })).id_venue,
    });
    const open = await buildApproval(db, { character_id: character.id_character, status: 'Pending Mid', id_user_high: rst.id_user });
    const appointed = await post('/api/positions/add', 'admin', {
      id_location: domain.id_location,
      pos_type: 'DST',
      id_user: player.id_user,
    });
    expect(appointed.statusCode).toBe(200);
    expect(await statusOf(open.id)).toEqual([{ status: 'Pending High' }]);
    expect(await approvalNotices(player.id_user)).toBe(0);
    expect(await approvalNotices(rst.id_user)).toBe(1);
  });
});
