// On PostgreSQL the API's reads without parameters run as named statements, prepared once per connection, and list pages write their
// limit and small offsets into the statement (issue 8: planning cost more than running a lookup's page).
import { lookupQuery } from '@guildhall/shared/schemas/membership-lookup';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { lookupMembers } from '../modules/membership-lookup/lookup.service';
import { buildMember } from '../test/factories';
import { openTestDatabase } from '../test/test-app';
import { type Database, openDatabase } from './index';
import { PLAN_ONCE_MARK } from './list';
import { users } from './schema/index';

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('named reads on PostgreSQL', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  // One connection, so the statements it prepared can be read back from pg_prepared_statements.
  let database: Database;
  beforeAll(async () => {
    test = await openTestDatabase();
    database = await openDatabase({ kind: 'postgres', url: test.url!, poolSize: 1 });
  });
  afterAll(async () => {
    await database?.close();
    await test?.drop();
  });

  const prepared = async () =>
    (
      (await database.db.execute(sql`select name, statement from pg_prepared_statements`)) as unknown as {
        rows: { name: string; statement: string }[];
      }
    ).rows;

  it('prepares a read without parameters once, and leaves reads with parameters to be planned for their values', async () => {
    const [a, b] = [await buildMember(database.db, { user_fname: 'Ada' }), await buildMember(database.db, { user_fname: 'Bea' })];
    const total = async () => (await database.db.select({ n: count() }).from(users))[0]!.n;
    expect(await total()).toBeGreaterThanOrEqual(2);
    await buildMember(database.db);
    const before = await total();
    await buildMember(database.db);
    expect(await total()).toBe(before + 1);
    const counts = (await prepared()).filter((s) => /^select count\(\*\) from "users"$/.test(s.statement));
    expect(counts).toHaveLength(1);
    expect(counts[0]!.name).toMatch(/^g_[0-9a-f]{30}$/);

    const nameOf = async (id: number) =>
      (await database.db.select({ name: users.user_fname }).from(users).where(eq(users.id_user, id)))[0]?.name;
    expect(await nameOf(a.id_user)).toBe('Ada');
    expect(await nameOf(b.id_user)).toBe('Bea');
    expect((await prepared()).some((s) => s.statement.includes('$1'))).toBe(false);
  });

  it('a statement first prepared inside a transaction that rolls back still answers afterwards', async () => {
    // pg remembers the statement as prepared on this connection: PostgreSQL must still have it after the rollback.
    const named = (db: Pick<Database['db'], 'select'>) =>
      db.select({ n: count() }).from(users).where(sql`${users.user_fname} = 'Rollback-only'`);
    await expect(
      database.db.transaction(async (tx) => {
        await buildMember(tx as unknown as Database['db'], { user_fname: 'Rollback-only' });
        expect((await named(tx))[0]!.n).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await named(database.db))[0]!.n).toBe(0);
    expect((await prepared()).some((s) => s.statement.includes("'Rollback-only'"))).toBe(true);
  });

  it('reads a page’s rows by their keys through one statement prepared once, whatever the filter and the keys', async () => {
    await buildMember(database.db, { user_fname: 'Odile', user_lname: 'Quill' });
    await buildMember(database.db, { user_fname: 'Otto', user_lname: 'Quill' });
    const byName = await lookupMembers(database.db, lookupQuery.parse({ name: 'quill' }), { withEmail: true });
    const byOther = await lookupMembers(database.db, lookupQuery.parse({ name: 'odile q' }), { withEmail: true });
    expect(byName.rows.map((r) => r.user_fname).sort()).toEqual(['Odile', 'Otto']);
    expect(byOther.rows.map((r) => r.user_fname)).toEqual(['Odile']);
    const rowsOfKeys = (await prepared()).filter((s) => s.statement.includes(PLAN_ONCE_MARK) && s.statement.includes('unnest'));
    // Both pages (other filters, other keys) ran the one prepared statement.
    expect(rowsOfKeys).toHaveLength(1);
    expect(rowsOfKeys[0]!.statement).toMatch(/= any\(array\(select unnest\(\$1::int\[\]\)\)\)/);
  });

  it('plans the rows of a page’s keys once, however few the keys', async () => {
    // A plan made for one or two keys costs less than the generic plan's guess of ten, so `= any($1)` would be planned
    // afresh on every run; behind the subquery PostgreSQL keeps the generic plan from the sixth run on.
    const { id_user, id_location } = await buildMember(database.db, { user_fname: 'Plano', user_lname: 'Once' });
    // Enough members that ten rows cost more to read than one (on a small table a scan costs the same for both).
    await database.db.execute(sql`insert into users (user_fname, user_lname, user_camnum, user_type, user_expiration, id_location)
      select 'Many', 'Member ' || i, 'PO' || i, 'LARP', '2099-12-31', ${id_location} from generate_series(1, 5000) i`);
    onTestFinished(async () => void (await database.db.execute(sql`delete from users where user_camnum like 'PO%'`)));
    await database.db.execute(sql`analyze users`);
    for (let i = 0; i < 8; i++) {
      const page = await lookupMembers(database.db, lookupQuery.parse({ name: 'plano once' }), { withEmail: false });
      expect(page.rows.map((r) => r.id_user)).toEqual([id_user]);
    }
    const plans = (
      (await database.db.execute(
        sql`select generic_plans, custom_plans from pg_prepared_statements where statement like ${`%${PLAN_ONCE_MARK}%unnest%`}`,
      )) as unknown as { rows: { generic_plans: string | number; custom_plans: string | number }[] }
    ).rows;
    // The statement these eight pages ran (the test before ran another, with e-mails, twice).
    const ran = plans.filter((p) => Number(p.generic_plans) + Number(p.custom_plans) >= 8);
    expect(ran).toHaveLength(1);
    expect(Number(ran[0]!.custom_plans)).toBeLessThanOrEqual(5);
    expect(Number(ran[0]!.generic_plans)).toBeGreaterThanOrEqual(3);
  });

  it('plans a lookup by name alone once, and one with other filters or a one-letter word for its values', async () => {
    await buildMember(database.db, { user_fname: 'Ysolde', user_lname: 'Quarrington' });
    // How often the named statement reading the keys of a two-word name search has run (0 when it is not named).
    const twoWordRuns = async () =>
      (
        (await database.db.execute(
          sql`select generic_plans + custom_plans as runs, statement from pg_prepared_statements where statement like 'select "id_user" from "users"%'`,
        )) as unknown as { rows: { runs: string | number; statement: string }[] }
      ).rows
        .filter((s) => s.statement.split('~>=~').length - 1 === 8 && !s.statement.includes('"user_type"'))
        .reduce((sum, s) => sum + Number(s.runs), 0);
    const before = await twoWordRuns();
    // Name alone: one named statement (the words bound as ranges) answers for any words.
    for (const name of ['ysol quar', 'quarr ysolde', 'ys qu']) {
      const page = await lookupMembers(database.db, lookupQuery.parse({ name }), { withEmail: false });
      expect(page.rows.map((r) => r.user_lname)).toEqual(['Quarrington']);
    }
    expect(await twoWordRuns()).toBe(before + 3);
    // The same words with a type, or with a one-letter word: planned for their values, not named.
    const typed = await lookupMembers(database.db, lookupQuery.parse({ name: 'ysol', userType: 'LARP' }), { withEmail: false });
    expect(typed.rows.map((r) => r.user_lname)).toEqual(['Quarrington']);
    expect((await prepared()).some((s) => s.statement.includes('"user_type" = $'))).toBe(false);
    const letter = await lookupMembers(database.db, lookupQuery.parse({ name: 'y quarrington' }), { withEmail: false });
    expect(letter.rows.map((r) => r.user_fname)).toEqual(['Ysolde']);
    expect(await twoWordRuns()).toBe(before + 3);
  });

  it('leaves writes unnamed', async () => {
    await buildMember(database.db, { user_fname: 'Cleo' });
    expect((await prepared()).some((s) => /^\s*(insert|update|delete)/i.test(s.statement))).toBe(false);
  });

  it('writes a page’s limit and offset into the statement, so an unfiltered page is named; a deep one is not', async () => {
    for (let i = 0; i < 3; i++) await buildMember(database.db);
    // Once the total is known (a first page reads all the keys of a small list, and counts them), a page is read by
    // its own statement.
    database.lists.set({ rememberFrom: 1 });
    onTestFinished(() => database.lists.set({ rememberFrom: 1000 }));
    await lookupMembers(database.db, lookupQuery.parse({ count: '2', page: '2' }), { withEmail: false });
    const firstPage = await lookupMembers(database.db, lookupQuery.parse({ count: '2', page: '2' }), { withEmail: false });
    expect(firstPage.rows).toHaveLength(2);
    const statements = (await prepared()).map((s) => s.statement);
    expect(statements.some((s) => / limit 2 offset 2\b/.test(s))).toBe(true);
    const deep = await lookupMembers(database.db, lookupQuery.parse({ count: '10', page: '500' }), { withEmail: false });
    expect(deep.rows).toEqual([]);
    // A deep offset is a parameter, so that statement is planned for its value, not named.
    expect((await prepared()).some((s) => / offset \$\d+/.test(s.statement))).toBe(false);
    expect(deep.count).toBe(firstPage.count);
  });
});
