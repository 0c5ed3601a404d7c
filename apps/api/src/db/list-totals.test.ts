// A database's list totals (DatabaseLists): one count shared by the requests that want it meanwhile, a large total
// remembered and served past its time while one request counts it again, a small one counted every time.
import { describe, expect, it } from 'vitest';
import { type CountRow, DatabaseLists } from './list-totals';

/** A count that answers `n` once released, and says how often it ran. */
function counter(n: () => number) {
  const runs: (() => void)[] = [];
  const count = () =>
    new Promise<CountRow[]>((resolve) => {
      runs.push(() => resolve([{ n: n() }]));
    });
  const release = () => {
    for (const run of runs.splice(0)) run();
  };
  return { count, release, runs: () => runs.length };
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DatabaseLists', () => {
  it('counts a total once for the requests that ask for it meanwhile', async () => {
    const lists = new DatabaseLists({ rememberFrom: 10 });
    let ran = 0;
    const { count, release } = counter(() => ++ran && 5);
    const asked = [lists.total('k', count), lists.total('k', count), lists.total('k', count)];
    await pause(0);
    release();
    expect(await Promise.all(asked)).toEqual([[{ n: 5 }], [{ n: 5 }], [{ n: 5 }]]);
    expect(ran).toBe(1);
  });

  it('counts a small total every time, and remembers a large one', async () => {
    const lists = new DatabaseLists({ rememberFrom: 10 });
    let n = 3;
    const count = async () => [{ n }];
    expect(await lists.total('k', count)).toEqual([{ n: 3 }]);
    n = 4;
    expect(await lists.total('k', count)).toEqual([{ n: 4 }]);
    expect(lists.known('k')).toBeUndefined();
    n = 12;
    expect(await lists.total('k', count)).toEqual([{ n: 12 }]);
    n = 13;
    expect(await lists.total('k', count)).toEqual([{ n: 12 }]);
    expect(lists.known('k')).toEqual([{ n: 12 }]);
  });

  it('serves a large total past its time while one request counts it again; long past it, counts first', async () => {
    const lists = new DatabaseLists({ rememberFrom: 10, rememberMs: 60 });
    let n = 20;
    expect(await lists.total('k', async () => [{ n }])).toEqual([{ n: 20 }]);
    await pause(80);
    n = 21;
    const { count, release, runs } = counter(() => n);
    expect(await Promise.all([lists.total('k', count), lists.total('k', count)])).toEqual([[{ n: 20 }], [{ n: 20 }]]);
    expect(runs()).toBe(1);
    release();
    await pause(0);
    expect(await lists.total('k', count)).toEqual([{ n: 21 }]);
    await pause(150);
    n = 22;
    expect(await lists.total('k', async () => [{ n }])).toEqual([{ n: 22 }]);
  });

  it('fails the request whose count failed; another waiting for it counts for itself', async () => {
    const lists = new DatabaseLists();
    let fail!: (error: Error) => void;
    const failing = () => new Promise<CountRow[]>((_resolve, reject) => (fail = reject));
    const first = lists.total('k', failing);
    const second = lists.total('k', async () => [{ n: 7 }]);
    await pause(0);
    fail(new Error('cancelled'));
    await expect(first).rejects.toThrow('cancelled');
    expect(await second).toEqual([{ n: 7 }]);
  });
});
