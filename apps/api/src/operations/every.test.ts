// The timer of a job every API process runs: one round at a time, and a round in flight finished before the app
// has closed (so it never works on a database being closed after it).
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { every } from './every';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A round that stays in flight until `finish()`; `started` resolves when the timer started it. */
function heldRound() {
  let started!: () => void;
  let finish!: () => void;
  const state = { rounds: 0, done: false };
  const whenStarted = new Promise<void>((resolve) => (started = resolve));
  const round = async () => {
    state.rounds++;
    started();
    await new Promise<void>((resolve) => (finish = resolve));
    state.done = true;
  };
  return { round, state, whenStarted, finish: () => finish() };
}

describe('every', () => {
  it('starts no second round while one is in flight', async () => {
    const held = heldRound();
    const app = Fastify();
    apps.push(app);
    every(app, 0.0002, 'test job', held.round);
    await app.ready();
    await held.whenStarted;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(held.state.rounds).toBe(1);
    held.finish();
  });

  it('waits for the round in flight when the app closes', async () => {
    const held = heldRound();
    const app = Fastify();
    every(app, 0.0002, 'test job', held.round);
    await app.ready();
    await held.whenStarted;
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    held.finish();
    await closing;
    expect(held.state.done).toBe(true);
    expect(held.state.rounds).toBe(1);
  });
});
