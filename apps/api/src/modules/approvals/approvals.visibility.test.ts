// The Approvals list filters in SQL (`visibleTo`), the detail asks the policy (`canView`): for every role and every
// application, the list must show exactly what the policy lets the member open — no more, no fewer.
import { LOCATION_TYPE, type PositionType } from '@guildhall/shared/constants';
import { approverOf } from '@guildhall/shared/rules/approval-workflow';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadActor } from '../../auth/actor';
import { approvals, locations, positions } from '../../db/index';
import { buildApproval, buildCharacter, buildLocation, buildMember, buildPosition, buildVenue } from '../../test/factories';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { type ApprovalRecord, canView } from './approvals.policy';
import { approvalRecord } from './approvals.service';

let t: TestApp;
/** Who looks, by what makes them see (or not see) applications. */
const who: Record<string, number> = {};
/** Every application of the database, as the policy reads it. */
let records: ApprovalRecord[];
/** An application from a domain outside the US, waiting at Top. */
let international: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // A domain with a venue, a second domain of the same region and a domain of another region.
  const home = await buildLocation(db);
  const [region] = await db.select().from(locations).where(eq(locations.id_location, home.id_parent!));
  const national = region!.id_parent!;
  const sameRegion = await buildLocation(db, { parent: region! });
  const otherRegion = await buildLocation(db);
  const member = async (name: string, id_location = home.id_location) => {
    who[name] = (await buildMember(db, { id_location })).id_user;
    return who[name];
  };
  for (const name of ['player', 'venueSt', 'mid', 'high', 'top', 'unrelated']) await member(name);
  const posts: [PositionType, number][] = [
    ['VST', home.id_location],
    ['DST', home.id_location],
    ['ADST', home.id_location],
    ['DC', home.id_location],
    ['RST', region!.id_location],
    ['ARST', region!.id_location],
    ['RC', region!.id_location],
    ['NST', national],
    ['ANST', national],
    ['NC', national],
  ];
  for (const [pos_type, id_location] of posts)
    await buildPosition(db, { pos_type, id_location, id_user: await member(pos_type, id_location) });
  await buildPosition(db, {
    pos_type: 'DST',
    id_location: sameRegion.id_location,
    id_user: await member('DST elsewhere', sameRegion.id_location),
  });
  await buildPosition(db, { pos_type: 'VST', id_location: home.id_location, id_user: who.venueSt });

  const venue = await buildVenue(db, { id_location: home.id_location, id_user_st: who.venueSt });
  const character = (await buildCharacter(db, { id_user: who.player, id_venue: venue.id_venue })).id_character;
  const chain = { id_user_low: who.venueSt, id_user_mid: who.mid, id_user_high: who.high, id_user_global: who.top };
  // Each level reached, open and decided; the player as their own venue's approver; no venue; other places.
  for (const [level_reached, status] of [
    [0, 'Pending Low'],
    [1, 'Pending Mid'],
    [2, 'Pending High'],
    [3, 'Pending Top'],
    [1, 'Denied'],
    [3, 'Approved'],
  ] as const)
    await buildApproval(db, { character_id: character, ...chain, level_reached, status });
  await buildApproval(db, { character_id: character, ...chain, id_user_low: who.player });
  await buildApproval(db, { character_id: (await buildCharacter(db, { id_user: who.player, id_venue: null })).id_character, ...chain });
  // A domain outside the US: under the International root, which the national posts (at the US) do not sit above.
  const [abroadRoot] = await db
    .insert(locations)
    .values({ location_name: 'International', location_code: 'INTL', location_type: LOCATION_TYPE.ROOT })
    .returning();
  const abroadRegion = await buildLocation(db, { parent: abroadRoot!, location_type: LOCATION_TYPE.REGION });
  const abroad = await buildLocation(db, { parent: abroadRegion });
  const abroadVenue = await buildVenue(db, { id_location: abroad.id_location });
  const abroadCharacter = (await buildCharacter(db, { id_venue: abroadVenue.id_venue })).id_character;
  international = (await buildApproval(db, { character_id: abroadCharacter, ...chain, level_reached: 3, status: 'Pending Top' })).id;
  await buildApproval(db, { character_id: abroadCharacter, ...chain });
  for (const place of [sameRegion, otherRegion]) {
    const elsewhere = await buildVenue(db, { id_location: place.id_location });
    await buildApproval(db, { character_id: (await buildCharacter(db, { id_venue: elsewhere.id_venue })).id_character });
  }

  // The demo society's accounts, and everyone who holds a post or stands in a chain there.
  const demo = await t.accounts('member', 'storyteller', 'coordinator', 'admin');
  for (const [role, id] of Object.entries(demo.id)) who[`demo ${role}`] = id;
  const holders = await db.selectDistinct({ id: positions.id_user }).from(positions).where(isNotNull(positions.id_user));
  const chains = await db
    .select({ low: approvals.id_user_low, mid: approvals.id_user_mid, high: approvals.id_user_high, top: approvals.id_user_global })
    .from(approvals);
  const known = new Set(Object.values(who));
  for (const id of [...holders.map((h) => h.id), ...chains.flatMap((c) => [c.low, c.mid, c.high, c.top])])
    if (id !== null && !known.has(id)) {
      known.add(id);
      who[`member ${id}`] = id;
    }
  const all = await db.select({ id: approvals.id }).from(approvals).orderBy(approvals.id);
  records = await Promise.all(all.map((a) => approvalRecord(db, a.id)));
});
afterAll(async () => {
  await t?.close();
});

/** Every id the Approvals list gives the member, page after page. */
async function listed(headers: Record<string, string>, filter = ''): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await t.app.inject({ method: 'GET', url: `/api/approvals/get?count=100&page=${page}${filter}`, headers });
    expect(res.statusCode).toBe(200);
    const { rows, count } = res.json().result as { rows: { id: number }[]; count: number };
    ids.push(...rows.map((r) => r.id));
    if (rows.length === 0 || ids.length >= count) return ids.sort((a, b) => a - b);
  }
}

/** The ids of every application the policy lets the member view. */
async function viewable(id_user: number): Promise<number[]> {
  const actor = await loadActor(t.database.db, { id_user, sid: 'visibility' });
  return records.filter((record) => canView(actor, record)).map((r) => r.id);
}

describe('the Approvals list and the view rule', () => {
  it('list, for every role, exactly the applications the policy lets the member open, and await them only among those', async () => {
    expect(Object.keys(who).length).toBeGreaterThan(20);
    const seenBySomeone = new Set<number>();
    for (const [name, id_user] of Object.entries(who)) {
      const mayView = await viewable(id_user);
      const headers = bearer(await t.sessionFor(id_user));
      expect({ name, ids: await listed(headers) }).toEqual({ name, ids: mayView });
      const awaiting = await listed(headers, '&awaitingMe=true');
      expect({ name, outside: awaiting.filter((id) => !mayView.includes(id)) }).toEqual({ name, outside: [] });
      if (name !== 'demo admin') for (const id of mayView) seenBySomeone.add(id);
    }
    // The cases are real ones: the unrelated member sees nothing, and each application someone other than an
    // administrator sees.
    expect(await viewable(who.unrelated!)).toEqual([]);
    expect((await viewable(who['demo admin']!)).filter((id) => !seenBySomeone.has(id))).toEqual([]);
  });

  it('await each member exactly the applications whose turn the shared rule gives them, never their own', async () => {
    let awaitedSomewhere = 0;
    for (const [name, id_user] of Object.entries(who)) {
      const theirTurn = records.filter((r) => approverOf(r.status, r.chain) === id_user && r.owner !== id_user).map((r) => r.id);
      const headers = bearer(await t.sessionFor(id_user));
      expect({ name, ids: await listed(headers, '&awaitingMe=true') }).toEqual({ name, ids: theirTurn });
      awaitedSomewhere += theirTurn.length;
    }
    expect(awaitedSomewhere).toBeGreaterThan(3);
  });

  it('let the national posts open and act on an application from a domain outside the US', async () => {
    for (const name of ['NST', 'ANST', 'NC']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/approvals/${international}`,
        headers: bearer(await t.sessionFor(who[name]!)),
      });
      expect({ name, status: res.statusCode }).toEqual({ name, status: 200 });
    }
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/approvals/${international}/approve`,
      headers: bearer(await t.sessionFor(who.ANST!)),
      payload: { expectedStatus: 'Pending Top' },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().result.status).toBe('Pending Global');
  });
});
