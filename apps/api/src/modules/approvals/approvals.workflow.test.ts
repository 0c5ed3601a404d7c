// The review workflow (DESIGN §6) walked through the API: each step, its history, its notifications, and who may.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, scalar } from '../../test/sql';
import { loadActor } from '../../auth/actor';
import { type ReviewChain, buildReviewChain } from '../../test/review-chain';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { approveApproval } from './approvals.workflow';

let t: TestApp;
let chain: ReviewChain;
let id: ReviewChain['id'];
let token: ReviewChain['token'];
let venueId: number;

beforeAll(async () => {
  t = await createTestApp();
  chain = await buildReviewChain(t, { atHome: ['player', 'low'], elsewhere: ['mid', 'high', 'assistant', 'coordinator', 'outsider'] }, [
    ['DST', 'mid', 'domain'],
    ['RST', 'high', 'region'],
    ['ADST', 'assistant', 'domain'],
    ['DC', 'coordinator', 'domain'],
  ]);
  ({ id, token, venueId } = chain);
});
afterAll(async () => {
  await t?.close();
});

const person = (name: string) => chain.person(name);
const post = (url: string, who: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token[who]!), payload });
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(token[who]!) });
const submit = (owner: string, required: string, description?: string) => chain.submit(owner, required, description);
const act = (approval: number, action: string, who: string, expectedStatus: string, extra: object = {}) =>
  post(`/api/approvals/${approval}/${action}`, who, { expectedStatus, ...extra });
const statusOf = async (approval: number) =>
  (await rows<{ status: string }>(t.database.db, sql`select status from approvals where id = ${approval}`))[0]!.status;
const notificationsOf = (who: string, approval: number) =>
  rows<{ message: string }>(
    t.database.db,
    sql`select message from notifications n where n.id_user = ${id[who]} and (n.link like ${`%/${approval}`} or n.link like ${'/characters/list/%'}) order by n.id`,
  );

describe('the review walk', () => {
  let approval: number;

  it('starts at Pending Low, awaiting the venue storyteller only', async () => {
    approval = await submit('player', 'High', 'Walk item');
    const mine = (await get('/api/approvals/get?awaitingMe=true&count=100', 'low')).json().result;
    expect(mine.rows.map((r: { id: number }) => r.id)).toContain(approval);
    const notMine = (await get('/api/approvals/get?awaitingMe=true&count=100', 'mid')).json().result;
    expect(notMine.rows.map((r: { id: number }) => r.id)).not.toContain(approval);
    const detail = (await get(`/api/approvals/${approval}`, 'low')).json();
    expect(detail.extra.abilities).toEqual(['approve', 'deny', 'edit']);
    expect(detail.result.chain.map((c: { level: string; id_user: number; current: boolean }) => [c.level, c.id_user, c.current])).toEqual([
      ['Low', id.low, true],
      ['Mid', id.mid, false],
      ['High', id.high, false],
      ['Top', expect.any(Number), false],
    ]);
    expect(detail.result.chain[1].title).toBe('DST');
    expect(detail.result.chain[1].user_camnum).toMatch(/^TF/);
    expect(detail.result.clock).toMatchObject({ waiting_days: 0, overdue: false, limit_days: 14, escalated_at: null });
  });

  it('refuses a denial without a comment (400 naming it) and a player acting on their own application (403)', async () => {
    const res = await act(approval, 'deny', 'low', 'Pending Low');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('comment');
    expect((await act(approval, 'approve', 'player', 'Pending Low')).statusCode).toBe(403);
    expect(await statusOf(approval)).toBe('Pending Low');
  });

  it('gives two simultaneous approvals of one step one change and one 409', async () => {
    const results = await Promise.all([act(approval, 'approve', 'low', 'Pending Low'), act(approval, 'approve', 'low', 'Pending Low')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('approvals.stale');
    expect(await statusOf(approval)).toBe('Pending Mid');
    expect(
      await scalar(
        t.database.db,
        sql`select count(*)::int from approval_events where approval_id = ${approval} and to_status = 'Pending Mid'`,
      ),
    ).toBe(1);
  });

  it('moves up through Mid to High and completes at the required level', async () => {
    expect((await act(approval, 'approve', 'low', 'Pending Mid')).statusCode).toBe(403);
    const mid = await act(approval, 'approve', 'mid', 'Pending Mid', { comment: 'Fine by the domain.' });
    expect(mid.statusCode).toBe(200);
    expect(mid.json().result.status).toBe('Pending High');
    const high = await act(approval, 'approve', 'high', 'Pending High');
    expect(high.json().result.status).toBe('Approved');
    expect(high.json().extra.abilities).toEqual([]);
  });

  it('records every step in the history and tells the right members', async () => {
    const { events } = (await get(`/api/approvals/${approval}`, 'player')).json().result;
    expect(
      events.map((e: { from_status: string | null; to_status: string; id_user: number }) => [e.from_status, e.to_status, e.id_user]),
    ).toEqual([
      [null, 'Pending Low', id.player],
      ['Pending Low', 'Pending Mid', id.low],
      ['Pending Mid', 'Pending High', id.mid],
      ['Pending High', 'Approved', id.high],
    ]);
    expect(events[2].note).toBe('Fine by the domain.');
    const player = (await notificationsOf('player', approval)).map((n) => n.message).filter((m) => m.includes('Walk item'));
    expect(player).toEqual([
      expect.stringMatching(/is now Pending Mid\.$/),
      expect.stringMatching(/is now Pending High\.$/),
      expect.stringMatching(/is now Approved\.$/),
    ]);
    for (const who of ['low', 'mid', 'high']) {
      const told = (await notificationsOf(who, approval)).filter((n) => n.message.includes('awaits your review'));
      expect(told).toHaveLength(1);
    }
    expect(await notificationsOf('outsider', approval)).toHaveLength(0);
  });

  it('lets an assistant’s approval move an application up rather than complete it', async () => {
    const other = await submit('player', 'Mid');
    await act(other, 'approve', 'low', 'Pending Low');
    const res = await act(other, 'approve', 'assistant', 'Pending Mid');
    expect(res.statusCode).toBe(200);
    expect(res.json().result.status).toBe('Pending High');
    expect((await act(other, 'approve', 'high', 'Pending High')).json().result.status).toBe('Approved');
  });

  it('refuses a storyteller approving an application for their own character (403)', async () => {
    const own = await submit('low', 'Low');
    expect((await get(`/api/approvals/${own}`, 'low')).json().extra.abilities).toEqual(['remove']);
    // It waits past the level its player approves (decision 143), and there too the player may not act.
    expect((await get(`/api/approvals/${own}`, 'low')).json().result.status).toBe('Pending Mid');
    expect((await act(own, 'approve', 'low', 'Pending Mid')).statusCode).toBe(403);
    const list = (await get('/api/approvals/get?awaitingMe=true&count=100', 'low')).json().result;
    expect(list.rows.map((r: { id: number }) => r.id)).not.toContain(own);
  });
});

describe('a post reassigned while an approver acts', () => {
  it('refuses the replaced approver (409) and changes nothing', async () => {
    const approval = await submit('player', 'Low', 'Raced item');
    const db = t.database.db;
    const actor = await loadActor(db, { id_user: id.low!, sid: 'test' });
    // The reassignment lands between the approver's check and their write.
    const racing = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
        return async (...args: Parameters<typeof db.transaction>) => {
          await target.execute(sql`update approvals set id_user_low = ${id.mid} where id = ${approval}`);
          return target.transaction(...args);
        };
      },
    });
    await expect(approveApproval(racing, actor, approval, { expectedStatus: 'Pending Low' })).rejects.toMatchObject({ statusCode: 409 });
    expect(await statusOf(approval)).toBe('Pending Low');
    expect(
      await scalar(db, sql`select count(*)::int from approval_events where approval_id = ${approval} and from_status = 'Pending Low'`),
    ).toBe(0);
  });
});

describe('denial, removal and editing', () => {
  it('shows a denial’s comment to the player', async () => {
    const approval = await submit('player', 'Low', 'Denied item');
    const res = await act(approval, 'deny', 'low', 'Pending Low', { comment: 'Not in this chronicle.' });
    expect(res.json().result.status).toBe('Denied');
    const seen = (await get(`/api/approvals/${approval}`, 'player')).json().result;
    expect(seen.events.at(-1)).toMatchObject({ to_status: 'Denied', note: 'Not in this chronicle.' });
    const told = (await notificationsOf('player', approval)).map((n) => n.message);
    expect(told).toContainEqual(expect.stringContaining('is now Denied: Not in this chronicle.'));
  });

  it('lets only the current approver deny: not an assistant who may approve, the player or an outsider (403)', async () => {
    const approval = await submit('player', 'Mid', 'Contested item');
    await act(approval, 'approve', 'low', 'Pending Low');
    expect((await get(`/api/approvals/${approval}`, 'assistant')).json().extra.abilities).not.toContain('deny');
    for (const who of ['assistant', 'player', 'outsider']) {
      const res = await act(approval, 'deny', who, 'Pending Mid', { comment: 'No.' });
      expect(res.statusCode, who).toBe(403);
    }
    expect(await statusOf(approval)).toBe('Pending Mid');
    expect((await act(approval, 'approve', 'assistant', 'Pending Mid')).statusCode).toBe(200);
  });

  it('lets the player remove while pending, and not twice', async () => {
    const approval = await submit('player', 'Low');
    expect((await act(approval, 'remove', 'low', 'Pending Low')).statusCode).toBe(403);
    expect((await act(approval, 'remove', 'player', 'Pending Low')).json().result.status).toBe('Removed');
    expect((await act(approval, 'remove', 'player', 'Pending Low')).statusCode).toBe(409);
    expect((await act(approval, 'remove', 'player', 'Removed')).statusCode).toBe(403);
  });

  it('lets the current approver change category and level (not below where it waits), and only administrators the status', async () => {
    const approval = await submit('player', 'Mid');
    await act(approval, 'approve', 'low', 'Pending Low');
    const edit = await act(approval, 'update', 'mid', 'Pending Mid', { category: 'VSS', required_approval: 'High' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().result).toMatchObject({ category: 'VSS', required_approval: 'High', status: 'Pending Mid' });
    expect(edit.json().result.events.at(-1).note).toBe('Category: Other → VSS. Required approval: Mid → High');
    const below = await act(approval, 'update', 'mid', 'Pending Mid', { required_approval: 'Low' });
    expect(below.statusCode).toBe(400);
    expect(below.json().errors[0].path).toBe('required_approval');
    expect((await act(approval, 'update', 'mid', 'Pending Mid', { status: 'Approved', comment: 'Shortcut' })).statusCode).toBe(403);
    const noNote = await act(approval, 'update', 'admin', 'Pending Mid', { status: 'Pending CST' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors[0].path).toBe('comment');
    const override = await act(approval, 'update', 'admin', 'Pending Mid', { status: 'Pending CST', comment: 'Needs the CST.' });
    expect(override.json().result.status).toBe('Pending CST');
    const [audit] = await rows(
      t.database.db,
      sql`select id_user, action, before, after, note from audit_log where entity = 'approval' and entity_id = ${String(approval)}`,
    );
    expect(audit).toEqual({
      id_user: id.admin,
      action: 'approval.override',
      before: { status: 'Pending Mid' },
      after: { status: 'Pending CST' },
      note: 'Needs the CST.',
    });
    expect((await get(`/api/approvals/${approval}`, 'mid')).json().extra.abilities).toEqual([]);
  });
});

describe('who sees what', () => {
  let approval: number;
  beforeAll(async () => {
    approval = await submit('player', 'Top', 'Visibility item');
  });
  const listed = async (who: string, query = '') =>
    (await get(`/api/approvals/get?count=100&itemName=visibility${query}`, who)).json().result.rows.map((r: { id: number }) => r.id);

  it('shows the player, the current approver, the domain’s coordinator and storytellers, and administrators', async () => {
    for (const who of ['player', 'low', 'coordinator', 'assistant', 'mid', 'admin']) {
      expect((await get(`/api/approvals/${approval}`, who)).statusCode, who).toBe(200);
      expect(await listed(who), who).toContain(approval);
    }
  });

  it('keeps it from other members (403) and answers 404 for an unknown id', async () => {
    expect((await get(`/api/approvals/${approval}`, 'outsider')).statusCode).toBe(403);
    expect(await listed('outsider')).toEqual([]);
    expect((await act(approval, 'approve', 'outsider', 'Pending Low')).statusCode).toBe(403);
    expect((await get('/api/approvals/99999999', 'outsider')).statusCode).toBe(404);
  });

  it('shows an approver with no post over the domain what reached their level only', async () => {
    await person('named');
    await t.database.db.execute(sql`update approvals set id_user_high = ${id.named} where id = ${approval}`);
    expect((await get(`/api/approvals/${approval}`, 'named')).statusCode).toBe(403);
    expect(await listed('named')).toEqual([]);
    await act(approval, 'approve', 'low', 'Pending Low');
    await act(approval, 'approve', 'mid', 'Pending Mid');
    expect((await get(`/api/approvals/${approval}`, 'named')).statusCode).toBe(200);
    expect(await listed('named', '&awaitingMe=true')).toEqual([approval]);
    expect(await listed('high', '&awaitingMe=true')).toEqual([]);
    expect(await listed('high')).toEqual([approval]);
  });

  it('filters by player, number, level, category, status and domain', async () => {
    const [row] = (await get(`/api/approvals/get?itemName=visibility&userName=player`, 'admin')).json().result.rows;
    expect(row).toMatchObject({ id: approval, player_name: expect.stringMatching(/^player /), status: 'Pending High', overdue: false });
    const number = row.app_number as string;
    expect(await listed('admin', `&appNumber=${number.toLowerCase()}`)).toEqual([approval]);
    expect(await listed('admin', '&level=Top&category=Other&status=Pending%20High')).toEqual([approval]);
    expect(await listed('admin', '&level=Low')).toEqual([]);
    const [place] = await rows<{ id_location: number; id_parent_location: string }>(
      t.database.db,
      sql`select l.id_location, l.id_parent_location from venues v join locations l on l.id_location = v.id_location where v.id_venue = ${venueId}`,
    );
    expect(await listed('admin', `&domainIds=${place!.id_parent_location},${place!.id_location}`)).toEqual([approval]);
    expect(await listed('admin', `&domainIds=${place!.id_parent_location}`)).toEqual([approval]);
  });

  it('answers 400 naming the field for bad filters and payloads', async () => {
    for (const [query, field] of [
      ['level=Bogus', 'level'],
      ['awaitingMe=maybe', 'awaitingMe'],
      ['sortBy=password_hash', 'sortBy'],
      ['domainIds=a,b', 'domainIds'],
    ]) {
      const res = await get(`/api/approvals/get?${query}`, 'admin');
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].path).toBe(field);
    }
    const res = await post(`/api/approvals/${approval}/approve`, 'high', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('expectedStatus');
  });
});
