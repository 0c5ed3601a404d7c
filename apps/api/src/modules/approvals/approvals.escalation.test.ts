// Escalation (DESIGN §6) with a moved clock: an application overdue at one level is escalated exactly once, even
// when several API processes run the check at the same moment.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApproval, buildCharacter, buildLocation, buildMember, buildPosition, buildVenue } from '../../test/factories';
import { rows, scalar } from '../../test/sql';
import { bearer, createPortalOn, createTestApp, type TestApp } from '../../test/test-app';
import { escalateOverdue } from './approvals.escalation';

const DAY = 86_400_000;
let t: TestApp;
let approval: number;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const domain = await buildLocation(db);
  for (const who of ['player', 'low', 'mid', 'coordinator']) id[who] = (await buildMember(db, { id_location: domain.id_location })).id_user;
  await buildPosition(db, { pos_type: 'DC', id_user: id.coordinator, id_location: domain.id_location });
  const venue = await buildVenue(db, { id_location: domain.id_location, id_user_st: id.low });
  const character = await buildCharacter(db, { id_user: id.player, id_venue: venue.id_venue });
  approval = (
    await buildApproval(db, { character_id: character.id_character, id_user_low: id.low, id_user_mid: id.mid, required_approval: 'Mid' })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const escalations = () => scalar(t.database.db, sql`select count(*)::int from approval_escalations where approval_id = ${approval}`);
const overdueNotices = (who: string) =>
  scalar(
    t.database.db,
    sql`select count(*)::int from notifications where id_user = ${id[who]} and link = ${`/storyteller/approvals/${approval}`} and message like '%is overdue.'`,
  );
const check = (days: number) => escalateOverdue(t.database.db, { now: new Date(Date.now() + days * DAY), escalationDays: 14 });

describe('escalation of overdue applications', () => {
  it('leaves an application alone within the limit', async () => {
    await check(13);
    expect(await escalations()).toBe(0);
  });

  it('escalates once to the next approver and the domain coordinator, however many processes check', async () => {
    await Promise.all([check(15), check(15), check(15)]);
    await check(16);
    expect(await escalations()).toBe(1);
    expect(await overdueNotices('mid')).toBe(1);
    expect(await overdueNotices('coordinator')).toBe(1);
    expect(await overdueNotices('player')).toBe(0);
  });

  it('starts the clock again at the next level, and escalates there once more', async () => {
    const [before] = await rows<{ level_since: Date }>(t.database.db, sql`select level_since from approvals where id = ${approval}`);
    const token = await t.app.deps.tokens.issue(id.low!, { method: 'test' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/approvals/${approval}/approve`,
      headers: bearer(token),
      payload: { expectedStatus: 'Pending Low' },
    });
    expect(res.json().result.status).toBe('Pending Mid');
    expect(new Date(res.json().result.clock.level_since).getTime()).toBeGreaterThanOrEqual(new Date(before!.level_since).getTime());
    await check(15);
    expect(await escalations()).toBe(2);
    await check(30);
    expect(await escalations()).toBe(2);
  });

  it('marks overdue applications in the list and the detail, and filters them', async () => {
    await t.database.db.execute(sql`update approvals set level_since = now() - interval '20 days' where id = ${approval}`);
    const admin = await t.tokenFor('admin@guildhall.test');
    const [found] = await rows<{ app_number: string }>(t.database.db, sql`select app_number from approvals where id = ${approval}`);
    const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/approvals/get?${query}`, headers: bearer(admin) });
    const mine = (await list(`overdue=true&appNumber=${found!.app_number}`)).json().result.rows;
    expect(mine).toEqual([expect.objectContaining({ id: approval, overdue: true })]);
    const all = (await list('overdue=true&count=100')).json().result.rows;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((r: { overdue: boolean }) => r.overdue)).toBe(true);
    const detail = await t.app.inject({ method: 'GET', url: `/api/approvals/${approval}`, headers: bearer(admin) });
    expect(detail.json().result.clock).toMatchObject({ waiting_days: 20, overdue: true });
  });
});

describe('the in-server timer', () => {
  it('goes on to the next overdue application once one is escalated (its clock compared to the millisecond)', async () => {
    const db = t.database.db;
    const far = { now: new Date(Date.now() + 40 * DAY), escalationDays: 14 };
    while ((await escalateOverdue(db, far)) > 0);
    // Two fresh applications whose clocks have microseconds, as now() gives on most servers; JavaScript reads
    // (and an escalation records) only milliseconds.
    const character = await buildCharacter(db, { id_user: id.player });
    const fresh = [];
    for (let i = 0; i < 2; i++) fresh.push((await buildApproval(db, { character_id: character.id_character })).id);
    await db.execute(
      sql`update approvals set level_since = date_trunc('milliseconds', level_since) + interval '123 microseconds' where id in (${fresh[0]}, ${fresh[1]})`,
    );
    const later = { now: new Date(Date.now() + 80 * DAY), escalationDays: 14, batch: 1 };
    // One at a time, the oldest first: the ones escalated before are not picked again.
    expect(await escalateOverdue(db, later)).toBe(1);
    expect(await escalateOverdue(db, later)).toBe(1);
    expect(await escalateOverdue(db, later)).toBe(0);
  });
});

describe('the in-server timer in two API processes', () => {
  // The demo society has about a hundred overdue applications: a dozen keep the test short on a busy machine. The
  // first portal has no timer; the two started after it on the same database do. Opening them is the slow part,
  // so it is done before the test, with the hooks' longer timeout.
  let portal: TestApp;
  const timed: { close(): Promise<void> }[] = [];
  const isOverdue = sql`status like 'Pending%' and level_since < now() - interval '14 days'`;
  const overdue = () => scalar(portal.database.db, sql`select count(*)::int from approvals where ${isOverdue}`);
  beforeAll(async () => {
    portal = await createTestApp({ APPROVAL_ESCALATION_CHECK_MINUTES: '0' });
    await portal.database.db.execute(
      sql`update approvals set level_since = now() where ${isOverdue} and id not in (select id from approvals where ${isOverdue} order by id limit 12)`,
    );
    for (const port of [3997, 3998]) {
      timed.push(await createPortalOn(portal, { APPROVAL_ESCALATION_CHECK_MINUTES: '0.002', PUBLIC_URL: `http://localhost:${port}` }));
    }
  });
  afterAll(async () => {
    for (const p of timed) await p.close();
    await portal?.close();
  });

  it('runs the check by itself in every API process, and the processes escalate each application once', async () => {
    const db = portal.database.db;
    const escalated = () => scalar(db, sql`select count(*)::int from approval_escalations`);
    expect(await overdue()).toBe(12);
    await expect.poll(escalated, { timeout: 20_000, interval: 250 }).toBe(12);
    expect(
      await scalar(
        db,
        sql`select count(*)::int from (select approval_id from approval_escalations group by approval_id, status, level_since having count(*) > 1) d`,
      ),
    ).toBe(0);
  });
});
