// Closing the embedded database while its one session is lent out: the statement or transaction in flight is
// finished first. Cut off, a statement was never answered and the close itself waited for ever (as a test's
// teardown did while an API process's timed round was still running).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scalar } from '../test/sql';
import { openDatabase } from './index';

/** `work`'s outcome, or 'unsettled' if it has not settled within 10 s. */
const within10s = <T>(work: Promise<T>) =>
  Promise.race([
    work.then(
      (value) => ({ value }),
      (error: Error) => ({ error: error.message }),
    ),
    new Promise<'unsettled'>((resolve) => setTimeout(() => resolve('unsettled'), 10_000)),
  ]);

describe.runIf(process.env.GUILDHALL_TEST_DB !== 'postgres')('closing the embedded database', () => {
  it('answers the statement in flight before it closes', async () => {
    const database = await openDatabase({ kind: 'pglite-memory' });
    // A Drizzle query runs when it is awaited (then): started here, not when its outcome is read below.
    const statement = within10s(database.db.execute(sql`select pg_sleep(0.3), 1 as one`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await database.close();
    expect(await statement).toEqual({ value: expect.objectContaining({ rows: [expect.objectContaining({ one: 1 })] }) });
  }, 30_000);

  it('lets the transaction in flight end before it closes', async () => {
    const database = await openDatabase({ kind: 'pglite-memory' });
    const transaction = within10s(
      database.db.transaction(async (tx): Promise<number> => {
        await tx.execute(sql`select 1`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        return scalar(tx, sql`select 2 as two`);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await database.close();
    expect(await transaction).toEqual({ value: 2 });
  }, 30_000);

  it('fails a statement made after it closed, at once', async () => {
    const database = await openDatabase({ kind: 'pglite-memory' });
    await database.close();
    expect(await within10s(database.db.execute(sql`select 1`))).toEqual({ error: expect.stringContaining('select 1') });
  }, 30_000);
});
