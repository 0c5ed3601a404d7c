// What a process remembers between requests (a member's roles, the locations, the MC ladder) is kept until a watched
// table is written (decision 075): by this process (tablesChanged, once committed) or by another, whose write fires
// NOTIFY guildhall_changes (migration 0006). While the listening connection is down nothing remembered is used.
import pg from 'pg';
import type { Db } from './types';

/** The tables whose changes invalidate what a process remembers (each has a trigger in migration 0006). */
export const WATCHED_TABLES = ['sessions', 'users', 'positions', 'venues', 'locations', 'mc_levels'] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

export class ChangeClock {
  private readonly versions: Partial<Record<WatchedTable, number>> = {};
  /** Moved on whenever liveness changes: everything remembered before is unknown. */
  private epoch = 0;

  constructor(private live: boolean) {}

  /** The version of these tables together (their counts' sum); null while not live. */
  now(tables: readonly WatchedTable[]): number | null {
    return this.live ? tables.reduce((sum, table) => sum + (this.versions[table] ?? 0), this.epoch) : null;
  }

  /** These tables were written: what was remembered from them before is stale. */
  tick(tables: readonly WatchedTable[]) {
    for (const table of tables) this.versions[table] = (this.versions[table] ?? 0) + 1;
  }

  setLive(live: boolean) {
    this.live = live;
    this.epoch++;
  }
}

const clocks = new WeakMap<Db, ChangeClock>();
export const registerChangeClock = (db: Db, clock: ChangeClock) => void clocks.set(db, clock);
const nobodyListens = new ChangeClock(false);
/** The database's change clock; a database opened otherwise than by openDatabase has none and remembers nothing. */
export const changeClock = (db: Db): ChangeClock => clocks.get(db) ?? nobodyListens;

/** Called by the code that wrote these tables, once its write is committed: what was remembered from them is dropped. */
export const tablesChanged = (db: Db, tables: readonly WatchedTable[]) => changeClock(db).tick(tables);

/** Listens for other processes' writes on a connection of its own, reconnecting (backing off up to 5 s) when it breaks. */
export function listenForChanges(url: string, clock: ChangeClock, onError: (error: Error) => void): { close(): Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  const connect = () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    client = next;
    let failed = false;
    const fail = (error?: Error) => {
      if (failed) return;
      failed = true;
      clock.setLive(false);
      if (error && !closed) onError(error);
      next.end().catch(() => undefined);
      setTimeout(() => closed || connect(), Math.min(5000, 100 * 2 ** attempt++)).unref();
    };
    next.on('error', fail);
    next.on('end', () => fail());
    next.on('notification', ({ payload }) => {
      const table = WATCHED_TABLES.find((t) => t === payload);
      clock.tick(table ? [table] : WATCHED_TABLES);
    });
    next
      .connect()
      .then(() => next.query('listen guildhall_changes'))
      .then(() => {
        if (closed) return void next.end().catch(() => undefined);
        attempt = 0;
        clock.setLive(true);
      }, fail);
  };
  connect();
  return {
    async close() {
      closed = true;
      clock.setLive(false);
      await client?.end().catch(() => undefined);
    },
  };
}

/** A value read from these tables, kept until one changes; one read during a write, or a failed read, is not kept. */
export function rememberedUntilChange<T>(tables: readonly WatchedTable[], load: (db: Db) => Promise<T>): (db: Db) => Promise<T> {
  const kept = new WeakMap<Db, { version: number; value: Promise<T> }>();
  return (db) => {
    const clock = changeClock(db);
    const version = clock.now(tables);
    if (version === null) return load(db);
    const found = kept.get(db);
    if (found?.version === version) return found.value;
    // Promise.resolve: a Drizzle query is a thenable that runs again each time it is awaited.
    const entry = { version, value: Promise.resolve(load(db)) };
    kept.set(db, entry);
    const forget = () => kept.get(db) === entry && kept.delete(db);
    entry.value.then(() => clock.now(tables) !== version && forget(), forget);
    return entry.value;
  };
}
