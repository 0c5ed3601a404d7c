// The Approvals list's default view of a member without places (a player, a venue storyteller) merges the ways they
// see an application, each read from its own index (approvals.list.ts `seenByLastChange`): every page, either way and
// from either end, is the page independent SQL gives, each application once; on PostgreSQL one plan serves them all.
import { approvalsListQuery } from '@guildhall/shared/schemas/approvals';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadActor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { buildCharacter, buildMember } from '../../test/factories';
import { onOneConnection } from '../../test/one-connection';
import { rows } from '../../test/sql';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listApprovals } from './approvals.list';

const PAGE = 7;
const APPLICATIONS = 150;

/**
 * `me`, named in the chains of some of 150 applications at every level and player of a character with others, some
 * of them also naming `me`: one application reachable several ways, dates shared by three (the tie-break decides).
 */
async function seedSeen(db: Db): Promise<{ me: number; other: number }> {
  const me = (await buildMember(db)).id_user;
  const own = (await buildCharacter(db, { id_user: me })).id_character;
  const other = (await buildCharacter(db)).id_character;
  const named = (every: number) => sql`case when i % ${sql.raw(String(every))} = 0 then ${me}::int end`;
  await db.execute(sql`
    insert into approvals (app_number, description, category, justification, required_approval, character_id,
      id_user_low, id_user_mid, id_user_high, id_user_global, level_reached, update_date)
    select 'PG-' || ${me} || '-' || i, 'Paged ' || i, 'Other', 'For the story.', 'Low',
      case when i % 11 = 0 then ${own}::int else ${other}::int end,
      ${named(4)}, ${named(5)}, ${named(7)}, ${named(3)}, i % 4, timestamp '2026-01-01' + (i / 3) * interval '1 hour'
    from generate_series(1, ${APPLICATIONS}) i`);
  return { me, other };
}

/** Independent SQL: the ids of a page of what `me` sees, by last change. */
const expectedPage = async (db: Db, me: number, page: number, direction: 'asc' | 'desc') =>
  (
    await rows<{ id: number }>(
      db,
      sql`select id from approvals
      where character_id in (select id_character from characters where id_user = ${me}) or id_user_low = ${me}
        or (id_user_mid = ${me} and level_reached >= 1) or (id_user_high = ${me} and level_reached >= 2)
        or (id_user_global = ${me} and level_reached >= 3)
      order by update_date ${sql.raw(direction)}, id ${sql.raw(direction)} limit ${PAGE} offset ${(page - 1) * PAGE}`,
    )
  ).map((r) => r.id);

/** Every page of `me`'s default view each way, twice (once its total is remembered, pages past the middle are read from the end). */
async function expectEveryPageAsSql(db: Db, me: number, atLeast: number, pages = Number.POSITIVE_INFINITY): Promise<void> {
  const actor = await loadActor(db, { id_user: me, sid: 'pages' });
  const clock = { now: new Date(), escalationDays: 14 };
  for (const direction of ['desc', 'asc'] as const)
    for (const round of [1, 2]) {
      let seen = 0;
      for (let page = 1; ; page++) {
        const query = approvalsListQuery.parse({ count: String(PAGE), page: String(page), direction });
        const listed = await listApprovals(db, actor, query, clock);
        const ids = listed.rows.map((r) => r.id);
        expect({ direction, round, page, ids }).toEqual({ direction, round, page, ids: await expectedPage(db, me, page, direction) });
        seen += ids.length;
        if (page === pages) break;
        if (ids.length === 0) {
          expect(seen).toBe(listed.count);
          break;
        }
      }
      expect(seen).toBeGreaterThanOrEqual(atLeast);
    }
}

describe('the default Approvals view of a member without places', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every page, each way and from either end, as SQL pages what the member sees, each application once', async () => {
    Object.assign(t.database.lists.options, { rememberFrom: 1 });
    onTestFinished(() => void Object.assign(t.database.lists.options, { rememberFrom: 1000 }));
    await expectEveryPageAsSql(t.database.db, (await seedSeen(t.database.db)).me, 4 * PAGE);
  });
});

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('the default Approvals view on PostgreSQL', () => {
  const database = onOneConnection();

  it('keeps one plan for its pages and its total, for a member who sees a few applications as for one who sees many', async () => {
    const { me: many, other } = await seedSeen(database.db);
    const few = (await buildMember(database.db)).id_user;
    await database.db.execute(sql`update approvals set id_user_low = ${few} where id in (select id from approvals order by id limit 9)`);
    // A busy top approver, named on 5,000 applications of another player: PostgreSQL's guess for any one approver is
    // then thousands.
    const busy = (await buildMember(database.db)).id_user;
    await database.db.execute(sql`insert into approvals (app_number, description, category, justification, required_approval,
        character_id, id_user_high, id_user_global, level_reached, update_date)
      select 'BUSY-' || i, 'Busy ' || i, 'Other', 'For the story.', 'Top', ${other}::int, ${busy}, ${busy},
        3, timestamp '2025-01-01' + i * interval '1 minute'
      from generate_series(1, 5000) i`);
    onTestFinished(async () => void (await database.db.execute(sql`delete from approvals where app_number like 'BUSY-%'`)));
    await database.db.execute(sql`analyze approvals`);
    // The member who sees fewest first: planned for them, a page costs far less than the generic plan's guess.
    await expectEveryPageAsSql(database.db, few, 9);
    await expectEveryPageAsSql(database.db, many, 4 * PAGE);
    await expectEveryPageAsSql(database.db, busy, 3 * PAGE, 3);
    const statements = (await database.prepared()).filter((s) => /^approvals_(count_visible|page_visible_update_date)/.test(s.name));
    expect(statements.map((s) => s.name)).toEqual([
      'approvals_count_visible',
      'approvals_page_visible_update_date_asc',
      'approvals_page_visible_update_date_desc',
    ]);
    // PostgreSQL plans the first five runs for their values, then keeps the generic plan.
    for (const s of statements) expect({ name: s.name, custom: Number(s.custom_plans) }).toEqual({ name: s.name, custom: 5 });
  });
});
