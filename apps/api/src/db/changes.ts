// What a process may remember between requests (the signed-in member's roles, the domain list) is only as good
// as its knowledge of writes. A change clock per database counts them: any write statement this process runs
// moves it on when the statement completes, and so does a write by another process (another API instance, a
// script, psql): triggers on the tables behind those memories send NOTIFY guildhall_changes (migration 0006), and
// each API process on PostgreSQL listens. While the listening connection is down nobody can tell, so the clock
// says so and memories are not used until it is back.
import pg from 'pg';
import type { Db } from './types';

export const CHANGES_CHANNEL = 'guildhall_changes';

export class ChangeClock {
  private version = 0;
  private live: boolean;

  constructor(live: boolean) {
    this.live = live;
  }

  /** The current version, or null while writes elsewhere could go unnoticed (then remember nothing). */
  now(): number | null {
    return this.live ? this.version : null;
  }

  /** Something was written: what was remembered before is stale. */
  tick() {
    this.version++;
  }

  setLive(live: boolean) {
    this.live = live;
    this.version++;
  }
}

const clocks = new WeakMap<Db, ChangeClock>();

export function registerChangeClock(db: Db, clock: ChangeClock) {
  clocks.set(db, clock);
}

const nobodyListens = new ChangeClock(false);
/** The database's change clock; a database opened otherwise than by openDatabase has none and remembers nothing. */
export function changeClock(db: Db): ChangeClock {
  return clocks.get(db) ?? nobodyListens;
}

const WRITE = /^\s*(insert|update|delete|truncate|merge|commit|end|copy|alter|drop|create|call|do)\b/i;
const WRITING_CTE = /\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;

/** Whether a statement may change data (reads, BEGIN, ROLLBACK and SET do not). Cheap: runs for every statement. */
export function isWriteStatement(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  if (WRITE.test(text)) return true;
  return /^\s*with\b/i.test(text) && WRITING_CTE.test(text);
}

/** The text of a pg query's first argument: a string or a query config. */
export const statementText = (arg: unknown): unknown =>
  typeof arg === 'string' ? arg : (arg as { text?: unknown } | null | undefined)?.text;

/**
 * Listens for other processes' writes on a connection of its own, and reconnects (backing off up to 5 s) when
 * it breaks; the clock is not live in between.
 */
export function listenForChanges(url: string, clock: ChangeClock, onError: (error: Error) => void): { close(): Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;
  const retry = () => {
    if (closed) return;
    timer = setTimeout(() => void connect(), Math.min(5000, 100 * 2 ** attempt++));
    timer.unref();
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    client = next;
    let failed = false;
    const fail = (error?: Error) => {
      if (failed) return;
      failed = true;
      clock.setLive(false);
      if (error && !closed) onError(error);
      next.end().catch(() => undefined);
      retry();
    };
    next.on('error', fail);
    next.on('end', () => fail());
    next.on('notification', () => clock.tick());
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
      if (closed) {
        await next.end().catch(() => undefined);
        return;
      }
      attempt = 0;
      clock.setLive(true);
    } catch (error) {
      fail(error as Error);
    }
  };
  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      clock.setLive(false);
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * A value derived from the database (reference data: the MC ladder, the domain list), computed once and kept
 * until the change clock moves. A value read while something was written is used but not kept; a failed read
 * (an outage) is not kept either.
 */
export function rememberedUntilChange<T>(load: (db: Db) => Promise<T>): (db: Db) => Promise<T> {
  const kept = new WeakMap<Db, { version: number; value: Promise<T> }>();
  return (db) => {
    const clock = changeClock(db);
    const version = clock.now();
    if (version === null) return load(db);
    const found = kept.get(db);
    if (found?.version === version) return found.value;
    // Promise.resolve: a Drizzle query is a thenable that runs again each time it is awaited.
    const value = Promise.resolve(load(db));
    const entry = { version, value };
    kept.set(db, entry);
    const forget = () => {
      if (kept.get(db) === entry) kept.delete(db);
    };
    value.then(() => {
      if (clock.now() !== version) forget();
    }, forget);
    return value;
  };
}
