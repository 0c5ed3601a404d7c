// The turns of writes for one key (decision 131): what arrives while a turn is written goes in the next one, each
// item gets its own answer, and a failed turn fails only its own items.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/index';
import { inTurns } from './in-turns';

const db = {} as Db;

describe('inTurns', () => {
  it('writes what arrived during a turn together in the next one, answering each item in its order', async () => {
    const turns: number[][] = [];
    let release!: () => void;
    const firstTurnHeld = new Promise<void>((resolve) => (release = resolve));
    const write = inTurns<number, string>(async (_db, items) => {
      turns.push(items);
      if (turns.length === 1) await firstTurnHeld;
      return items.map((n) => (n < 0 ? new Error(`refused ${n}`) : `wrote ${n}`));
    });
    const first = write(db, 7, 1);
    const waiting = [write(db, 7, 2), write(db, 7, -3), write(db, 7, 4)];
    const otherGame = await write(db, 8, 5);
    release();
    expect(await first).toBe('wrote 1');
    const answers = await Promise.allSettled(waiting);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([
      'wrote 2',
      'refused -3',
      'wrote 4',
    ]);
    expect(otherGame).toBe('wrote 5');
    expect(turns).toEqual([[1], [5], [2, -3, 4]]);
    // The key's turns are over: the next item starts a turn of its own.
    expect(await write(db, 7, 6)).toBe('wrote 6');
    expect(turns.at(-1)).toEqual([6]);
  });

  it("fails every item of a turn whose write fails, and only that turn's", async () => {
    let calls = 0;
    const write = inTurns<number, number>(async (_db, items) => {
      calls++;
      if (calls === 1) throw new Error('database gone');
      return items;
    });
    const failed = write(db, 1, 1);
    const next = write(db, 1, 2);
    await expect(failed).rejects.toThrow('database gone');
    expect(await next).toBe(2);
  });
});
