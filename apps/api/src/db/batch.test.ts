// batchedByKey: keys asked for together are read once, by one call; a failure reaches every caller of its batch.
import { expect, it } from 'vitest';
import { batchedByKey } from './batch';
import type { Db } from './index';

const db = {} as Db;
const other = {} as Db;

function recorder(fail?: Error) {
  const calls: number[][] = [];
  const read = batchedByKey(async (_db, keys: number[]) => {
    calls.push(keys);
    if (fail) throw fail;
    return new Map(keys.filter((k) => k > 0).map((k) => [k, `row ${k}`]));
  });
  return { calls, read };
}

it('reads the distinct keys asked for meanwhile in one call, and answers each caller with its own row', async () => {
  const { calls, read } = recorder();
  const answers = await Promise.all([read(db, 1), read(db, 2), read(db, 1), read(db, -5)]);
  expect(answers).toEqual(['row 1', 'row 2', 'row 1', undefined]);
  expect(calls).toEqual([[1, 2, -5]]);
});

it('sends a key asked for after the batch went in the next one, and keeps databases apart', async () => {
  const { calls, read } = recorder();
  const first = read(db, 1);
  await first;
  await Promise.all([read(db, 2), read(other, 3)]);
  expect(calls).toEqual([[1], [2], [3]]);
});

it('fails every caller of a failed batch with its error', async () => {
  const outage = new Error('database unavailable');
  const { read } = recorder(outage);
  const answers = await Promise.allSettled([read(db, 1), read(db, 2), read(db, 1)]);
  expect(answers.map((a) => (a.status === 'rejected' ? a.reason : a.value))).toEqual([outage, outage, outage]);
});

it('splits a burst of more than 200 keys into statements of at most 200', async () => {
  const { calls, read } = recorder();
  const keys = Array.from({ length: 450 }, (_, i) => i + 1);
  const answers = await Promise.all(keys.map((k) => read(db, k)));
  expect(answers).toEqual(keys.map((k) => `row ${k}`));
  expect(calls.map((c) => c.length)).toEqual([200, 200, 50]);
});
