// GET /notifications and POST /notifications/read: a member's own, and only their own; notices that asked for an
// action are resolved once the subject no longer awaits the reader.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReviewChain, buildReviewChain } from '../../test/review-chain';
import { rows, scalar } from '../../test/sql';
import { escalateOverdue } from '../approvals/approvals.escalation';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let member: string;
let storyteller: string;
let memberId: number;
let storytellerId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  member = await t.tokenFor('member@guildhall.test');
  storyteller = await t.tokenFor('storyteller@guildhall.test');
  memberId = await t.idOf('member@guildhall.test');
  storytellerId = await t.idOf('storyteller@guildhall.test');
});
afterAll(async () => {
  await t?.close();
});

const unread = (id_user: number) =>
  scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${id_user} and read_at is null`);

describe('notifications', () => {
  it('lists the member’s own notifications newest first with the unread count', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(member) });
    expect(res.statusCode).toBe(200);
    const { result, extra } = res.json();
    expect(result.count).toBe(await scalar(t.database.db, sql`select count(*)::int from notifications where id_user = ${memberId}`));
    expect(extra.unread).toBe(await unread(memberId));
    const dates = result.rows.map((n: { created_at: string }) => n.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('marks only the member’s own notifications read, even when given another member’s ids, and all of them with all: true', async () => {
    const others = await scalar(
      t.database.db,
      sql`select min(id)::int from notifications where id_user = ${storytellerId} and read_at is null`,
    );
    const beforeOthers = await unread(storytellerId);
    const res = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: bearer(member), payload: { ids: [others] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.updated).toBe(0);
    expect(await unread(storytellerId)).toBe(beforeOthers);
    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: bearer(member), payload: { all: true } });
    expect(all.json().result.updated).toBeGreaterThan(0);
    expect(await unread(memberId)).toBe(0);
    expect(await unread(storytellerId)).toBe(beforeOthers);
  });

  it('rejects bad input and needs a token', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bearer(storyteller),
      payload: { ids: ['x'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toMatch(/^ids/);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bearer(storyteller),
      payload: { ids: [99_999_999_999_999] },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors[0].path).toBe('ids.0');
    for (const payload of [{}, { all: false }, { ids: [1], all: true }, { ids: [] }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: bearer(storyteller), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0].path).toMatch(/^(all|ids)$/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('a notice that asked its reader to act is resolved when its subject no longer awaits them', () => {
  let chain: ReviewChain;
  let token: ReviewChain['token'];
  let id: ReviewChain['id'];
  const post = (url: string, who: string, payload: object) => chain.post(url, who, payload);
  /** What the reader sees in the bell: their notices with this text, and their overview's unread tile. */
  const noticesOf = async (who: string, text: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications?count=100', headers: bearer(token[who]!) });
    return (res.json().result.rows as { message: string; read_at: string | null }[]).filter((n) => n.message.includes(text));
  };
  const unreadTile = async (who: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/user/${id[who]}/overview`, headers: bearer(token[who]!) })).json().result.tiles
      .notifications as number;
  const submit = (description: string, required: string) => chain.submit('player', required, description);

  beforeAll(async () => {
    chain = await buildReviewChain(t, { atHome: ['player', 'low', 'mid', 'coordinator'] }, [
      ['DST', 'mid', 'domain'],
      ['DC', 'coordinator', 'domain'],
    ]);
    ({ id, token } = chain);
  });

  it('one approver approves: the other approvers’ review and overdue notices are read, and their unread count drops', async () => {
    const approval = await submit('Notice of a shared review', 'Low');
    // Left waiting: the next level's approver and the coordinator are told it is overdue.
    while ((await escalateOverdue(t.database.db, { now: new Date(Date.now() + 40 * DAY), escalationDays: 14 })) > 0);
    expect(await noticesOf('low', 'Notice of a shared review) for')).toEqual([expect.objectContaining({ read_at: null })]);
    expect(await noticesOf('mid', 'Notice of a shared review')).toEqual([expect.objectContaining({ read_at: null })]);
    const before = { mid: await unreadTile('mid'), coordinator: await unreadTile('coordinator') };
    expect(before.coordinator).toBeGreaterThan(0);

    const res = await post(`/api/approvals/${approval}/approve`, 'low', { expectedStatus: 'Pending Low' });
    expect(res.statusCode).toBe(200);
    for (const who of ['low', 'mid', 'coordinator']) {
      const notices = await noticesOf(who, 'Notice of a shared review');
      expect(notices.length, who).toBeGreaterThan(0);
      expect(notices.every((n) => n.read_at !== null)).toBe(true);
    }
    expect(await unreadTile('mid')).toBe(before.mid - 1);
    expect(await unreadTile('coordinator')).toBe(before.coordinator - 1);
    // The player's own news of the outcome is not something they were asked to act on: it stays unread.
    expect(await noticesOf('player', 'Notice of a shared review')).toEqual([expect.objectContaining({ read_at: null })]);
  });

  it('moved up a level, the previous approver’s notice is read and the next one’s new notice unread; denied by someone else, that one is read too', async () => {
    const approval = await submit('Notice moving up', 'Mid');
    expect((await post(`/api/approvals/${approval}/approve`, 'low', { expectedStatus: 'Pending Low' })).statusCode).toBe(200);
    expect(await noticesOf('low', 'Notice moving up')).toEqual([expect.objectContaining({ read_at: expect.any(String) })]);
    expect(await noticesOf('mid', 'Notice moving up')).toEqual([expect.objectContaining({ read_at: null })]);
    const before = await unreadTile('mid');
    const denied = await post(`/api/approvals/${approval}/deny`, 'admin', { expectedStatus: 'Pending Mid', comment: 'No.' });
    expect(denied.statusCode).toBe(200);
    expect(await noticesOf('mid', 'Notice moving up')).toEqual([expect.objectContaining({ read_at: expect.any(String) })]);
    expect(await unreadTile('mid')).toBe(before - 1);
  });

  it('a character accepted by someone else no longer awaits the storyteller', async () => {
    const [type] = await rows<{ id_type: number; id_subtype: number }>(
      t.database.db,
      sql`select id_parent_type as id_type, id_subtype from character_subtypes order by id_subtype limit 1`,
    );
    const added = await post('/api/character/add', 'player', {
      id_venue: chain.venueId,
      character_name: 'Wren Awaiting',
      ...type,
      character_virtue: 'Charity',
      character_vice: 'Envy',
    });
    expect(added.statusCode).toBe(200);
    expect(await noticesOf('low', 'Wren Awaiting awaits your review')).toEqual([expect.objectContaining({ read_at: null })]);
    const before = await unreadTile('low');
    const signed = await post(`/api/character/${added.json().result.id_character}/sign`, 'admin', { resultSigned: 'yes' });
    expect(signed.statusCode).toBe(200);
    expect(await noticesOf('low', 'Wren Awaiting awaits your review')).toEqual([expect.objectContaining({ read_at: expect.any(String) })]);
    expect(await unreadTile('low')).toBe(before - 1);
  });
});
