// What a process remembers between requests (a member's roles and prestige, the locations, the MC ladder) is kept
// until a watched table is written (decisions 075, 155, 156): by this process (tablesChanged, once committed) or by
// another, whose write fires NOTIFY guildhall_changes (migrations 0006, 0024, 0025). While the listener is down nothing is remembered.
import pg from 'pg';
import type { Db } from './types';

/** The tables whose changes invalidate what a process remembers (each has a trigger; users': roles and names). */
export const WATCHED_TABLES = ['sessions', 'users', 'positions', 'venues', 'locations', 'mc_levels', 'prestige', 'notifications'] as const;
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

/** A value read from these tables for an argument (none, or one keyed by its JSON), kept until one changes, for the latest
 * `max` arguments at most; one read during a write, or a failed read, is not kept. */
export function rememberedUntilChange<T, A = void>(tables: readonly WatchedTable[], load: (db: Db, arg: A) => Promise<T>, max = 1) {
  const kept = new WeakMap<Db, Map<string | undefined, { version: number; value: Promise<T> }>>();
  return (db: Db, arg: A): Promise<T> => {
    const clock = changeClock(db);
    const version = clock.now(tables);
    if (version === null) return load(db, arg);
    const entries = kept.get(db) ?? kept.set(db, new Map()).get(db)!;
    const key = JSON.stringify(arg);
    const found = entries.get(key);
    if (found?.version === version) return found.value;
    if (entries.size >= max) entries.clear();
    // Promise.resolve: a Drizzle query is a thenable that runs again each time it is awaited.
    const entry = { version, value: Promise.resolve(load(db, arg)) };
    entries.set(key, entry);
    const forget = () => entries.get(key) === entry && entries.delete(key);
    entry.value.then(() => clock.now(tables) !== version && forget(), forget);
    return entry.value;
  };
}
