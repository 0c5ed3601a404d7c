// The demo society has what DESIGN §9 and the foundation issue promise every later page, and is deterministic.
import { APPROVAL_STATUSES, PRESTIGE_CATEGORIES } from '@guildhall/shared/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app';
import { type Database, openDatabase } from '../open';
import { seedSociety } from './generate';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

const countOn = async (on: Database, query: ReturnType<typeof sql>) => {
  const rows = await on.db.execute<{ n: number | string }>(query);
  return Number((rows as unknown as { rows: { n: number | string }[] }).rows[0]!.n);
};
const count = (query: ReturnType<typeof sql>) => countOn(database, query);
const column = async (query: ReturnType<typeof sql>) => {
  const rows = await database.db.execute<{ v: string }>(query);
  return (rows as unknown as { rows: { v: string }[] }).rows.map((r) => r.v);
};

// Characters whose stored balance is not SPEC §3's xp_log_sum (the sum of the live entries' signed amounts).
const unsettledBalances = (on: Database) =>
  countOn(
    on,
    sql`select count(*) as n from characters c
        where c.xp_balance <> coalesce((select sum(case when x.xp_type = 'Spend' then -x.xp_amount else x.xp_amount end)
          from xp_logs x where x.id_character = c.id_character and not x.is_void), 0)`,
  );

describe('the demo society', () => {
  it('gives every character its balance: the sum of its live entries', async () => {
    expect(await unsettledBalances(database)).toBe(0);
    expect(await count(sql`select count(*) as n from characters where xp_balance > 0`)).toBeGreaterThanOrEqual(400);
  });

  it('logs counts as the API takes them (1 to 10,000; a Spend takes its count away) and no balance below zero', async () => {
    expect(await count(sql`select count(*) as n from xp_logs where xp_amount < 1 or xp_amount > 10000`)).toBe(0);
    expect(await count(sql`select count(*) as n from xp_logs where xp_balance < 0`)).toBe(0);
    expect(await count(sql`select count(*) as n from xp_logs where xp_type = 'Spend'`)).toBeGreaterThan(0);
    // The demo member's characters: 30 at creation, 6 earned, 9 spent.
    const demoMember = sql`(select id_user from user_emails where email = 'member@guildhall.test')`;
    expect(await column(sql`select xp_balance::text as v from characters where id_user = ${demoMember}`)).toEqual(['27', '27', '27']);
  });

  it('has at least 5 regions and 30 domains across 3 levels', async () => {
    expect(
      await count(sql`select count(*) as n from locations where location_type in (2, 3) and location_code <> 'US'`),
    ).toBeGreaterThanOrEqual(5);
    expect(await count(sql`select count(*) as n from locations where location_type >= 4`)).toBeGreaterThanOrEqual(30);
    expect(await count(sql`select count(distinct location_type) as n from locations where location_type >= 3`)).toBeGreaterThanOrEqual(3);
    expect(await count(sql`select count(*) as n from locations where location_type = 2 and location_code <> 'US'`)).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('has at least 200 members, 40 venues of several types and 400 characters', async () => {
    expect(await count(sql`select count(*) as n from users`)).toBeGreaterThanOrEqual(200);
    expect(await count(sql`select count(*) as n from venues`)).toBeGreaterThanOrEqual(40);
    expect(await count(sql`select count(distinct id_venue_type) as n from venues`)).toBeGreaterThanOrEqual(5);
    expect(await count(sql`select count(*) as n from characters`)).toBeGreaterThanOrEqual(400);
    expect(await count(sql`select count(*) as n from xp_logs`)).toBeGreaterThanOrEqual(800);
  });

  it('has prestige in every category and approvals in every status', async () => {
    expect((await column(sql`select distinct prestige_category as v from prestige`)).sort()).toEqual([...PRESTIGE_CATEGORIES].sort());
    expect((await column(sql`select distinct status as v from approvals`)).sort()).toEqual([...APPROVAL_STATUSES].sort());
  });

  it('has documentation folders with documents', async () => {
    expect(
      await count(sql`select count(*) as n from files f where exists (select 1 from file_contents c where c.id_file = f.id_file)`),
    ).toBeGreaterThanOrEqual(4);
  });

  it('keeps every character’s subtype within its type, and every VSS status occurs', async () => {
    expect(
      await count(
        sql`select count(*) as n from characters c join character_subtypes s on s.id_subtype = c.id_subtype where s.id_parent_type <> c.id_type`,
      ),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from characters where being_reviewed = 'no'`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from characters where being_reviewed = 'yes' and st_signed = 'yes'`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from characters where being_reviewed = 'yes' and st_signed = 'no'`)).toBeGreaterThan(0);
  });

  it('gives each demo account its role', async () => {
    const idOf = async (email: string) => count(sql`select id_user as n from user_emails where email = ${email}`);
    const member = await idOf('member@guildhall.test');
    const storyteller = await idOf('storyteller@guildhall.test');
    const coordinator = await idOf('coordinator@guildhall.test');
    const admin = await idOf('admin@guildhall.test');
    expect(await count(sql`select count(*) as n from positions where id_user = ${member}`)).toBe(0);
    expect(await count(sql`select count(*) as n from venues where id_user_st = ${member}`)).toBe(0);
    expect(await count(sql`select count(*) as n from characters where id_user = ${member}`)).toBeGreaterThanOrEqual(3);
    expect(
      await count(
        sql`select count(*) as n from approvals a join characters c on c.id_character = a.character_id where c.id_user = ${member} and a.status like 'Pending%'`,
      ),
    ).toBeGreaterThanOrEqual(2);
    expect(await count(sql`select count(distinct prestige_category) as n from prestige where id_user = ${member}`)).toBeGreaterThanOrEqual(
      3,
    );
    expect(await count(sql`select count(*) as n from notifications where id_user = ${member} and read_at is null`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from venues where id_user_st = ${storyteller}`)).toBeGreaterThanOrEqual(2);
    expect(await count(sql`select count(*) as n from positions where id_user = ${storyteller} and pos_type = 'DST'`)).toBe(1);
    expect(
      await count(
        sql`select count(*) as n from characters c join venues v on v.id_venue = c.id_venue where v.id_user_st = ${storyteller} and c.id_user <> ${storyteller} and c.being_reviewed = 'no'`,
      ),
    ).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from positions where id_user = ${coordinator} and pos_type = 'DC'`)).toBe(1);
    expect(await count(sql`select count(*) as n from users where id_user = ${admin} and is_admin`)).toBe(1);
  });

  it('makes unique app numbers from the player’s domain code', async () => {
    expect(await count(sql`select count(*) - count(distinct app_number) as n from approvals`)).toBe(0);
    expect(await count(sql`select count(*) as n from approvals where app_number !~ '^[A-Z]{2}-[0-9]{3}(-[A-Z])?-[0-9]{4}$'`)).toBe(0);
  });
});

describe('the society generator', () => {
  it('makes the same society from the same seed', async () => {
    const runs: string[][] = [];
    for (let i = 0; i < 2; i++) {
      const fresh = await openDatabase({ kind: 'pglite-memory' });
      await fresh.migrate();
      await fresh.db.transaction((tx) => seedSociety(tx, { members: 30, passwordHash: 'x', seed: 7 }));
      const rows = await fresh.db.execute(
        sql`select user_camnum || ':' || user_fname || ':' || id_location as v from users order by id_user`,
      );
      runs.push((rows as unknown as { rows: { v: string }[] }).rows.map((r) => r.v));
      await fresh.close();
    }
    expect(runs[0]).toHaveLength(30);
    expect(runs[1]).toEqual(runs[0]);
    // Two databases migrated from nothing: about 30 s on a busy 2-core machine.
  }, 90_000);

  it('gives every character of a scale society its balance: the sum of its live entries', async () => {
    const fresh = await openDatabase({ kind: 'pglite-memory' });
    await fresh.migrate();
    await fresh.db.transaction((tx) => seedSociety(tx, { members: 30, passwordHash: 'x', seed: 11 }));
    expect(await unsettledBalances(fresh)).toBe(0);
    await fresh.close();
  });
});
