// On PostgreSQL the API's reads run as named statements, prepared once per connection, and list pages write their
// limit and small offsets into the statement (issue 8: planning cost more than running a lookup's page).
import { lookupQuery } from '@guildhall/shared/schemas/membership-lookup';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupMembers } from '../modules/membership-lookup/lookup.service';
import { buildMember } from '../test/factories';
import { openTestDatabase } from '../test/test-app';
import { type Database, openDatabase } from './client';
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

  it('prepares a read once and answers each run with its own values', async () => {
    const [a, b] = [await buildMember(database.db, { user_fname: 'Ada' }), await buildMember(database.db, { user_fname: 'Bea' })];
    const nameOf = async (id: number) =>
      (await database.db.select({ name: users.user_fname }).from(users).where(eq(users.id_user, id)))[0]?.name;
    expect(await nameOf(a.id_user)).toBe('Ada');
    expect(await nameOf(b.id_user)).toBe('Bea');
    expect(await nameOf(-1)).toBeUndefined();
    const reads = (await prepared()).filter((s) => s.statement.includes('"user_fname"') && s.statement.includes('$1'));
    expect(reads).toHaveLength(1);
    expect(reads[0]!.name).toMatch(/^g_[0-9a-f]{30}$/);
  });

  it('keeps answering after a run fails, inside a transaction rolled back or on a value of the wrong type', async () => {
    const member = await buildMember(database.db, { user_fname: 'Dora' });
    const read = (db: Pick<Database['db'], 'select'>, id: unknown) =>
      db.select({ name: users.user_fname }).from(users).where(sql`${users.id_user} = ${id}::int and ${users.user_fname} <> 'x'`);
    await expect(
      database.db.transaction(async (tx) => {
        expect((await read(tx, member.id_user))[0]?.name).toBe('Dora');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await expect(read(database.db, 'not a number')).rejects.toThrow();
    expect((await read(database.db, member.id_user))[0]?.name).toBe('Dora');
  });

  it('leaves writes unnamed', async () => {
    await buildMember(database.db, { user_fname: 'Cleo' });
    expect((await prepared()).some((s) => /^\s*(insert|update|delete)/i.test(s.statement))).toBe(false);
  });

  it('writes a page’s limit and offset into the statement, and deep offsets stay parameters', async () => {
    for (let i = 0; i < 3; i++) await buildMember(database.db);
    const firstPage = await lookupMembers(database.db, lookupQuery.parse({ count: '2', page: '2' }), { withEmail: false });
    expect(firstPage.rows).toHaveLength(2);
    const statements = (await prepared()).map((s) => s.statement);
    expect(statements.some((s) => / limit 2 offset 2\)/.test(s))).toBe(true);
    const deep = await lookupMembers(database.db, lookupQuery.parse({ count: '10', page: '500' }), { withEmail: false });
    expect(deep.rows).toEqual([]);
    expect((await prepared()).some((s) => / offset \$\d+\)/.test(s.statement))).toBe(true);
    expect(deep.count).toBe(firstPage.count);
  });
});
