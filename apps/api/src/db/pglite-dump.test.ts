// The embedded database's copy for `npm run backup` (operations/snapshot.ts) is taken between two statements, which
// may fall inside a transaction of the one session: the copy holds what was committed, and the transaction goes on.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../test/sql';
import { openDatabase } from './index';

const numbers = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
  (await rows<{ n: number }>(database.db, sql`select n from t order by n`)).map((r) => r.n);

describe.runIf(process.env.GUILDHALL_TEST_DB !== 'postgres')('the embedded database’s copy', () => {
  it('taken inside a transaction, holds what was committed, and the transaction still commits', async () => {
    const database = await openDatabase({ kind: 'pglite-memory' });
    if (database.kind !== 'pglite') throw new Error('expected the embedded database');
    await database.db.execute(sql`create table t (n int)`);
    await database.db.execute(sql`insert into t values (1)`);
    let copy: File | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (2)`);
      copy = await database.dump();
      await tx.execute(sql`insert into t values (3)`);
    });
    expect(await numbers(database)).toEqual([1, 2, 3]);
    const restored = await openDatabase({ kind: 'pglite-memory', loadDataDir: copy });
    expect(await numbers(restored)).toEqual([1]);
    await restored.close();
    await database.close();
  }, 60_000);
});
