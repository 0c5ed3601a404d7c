// PGlite (the default, embedded): one data directory, locked to this process, or a database in memory, served by
// a worker thread (db/pglite-thread.ts) behind a wrapper that reopens it after a crash.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { ChangeClock, registerChangeClock } from './changes';
import { planWindowTotals } from './list-counts';
import { lockDataDir } from './lock';
import { migrationCount, migrationsFolder } from './migrating';
import { DatabaseUnavailableError } from './outage';
import { type PgliteHandle, PgliteThread } from './pglite-thread';
import * as schema from './schema/index';
import type { Db, OpenedDatabase } from './types';

/** An opened PGlite database: its thread (behind the reopening wrapper) beside the Drizzle client. */
export interface PgliteDatabase extends OpenedDatabase {
  kind: 'pglite';
  pglite: ReopeningPglite;
}

export type PgliteTarget =
  | { kind: 'pglite'; dir: string; onError?: (error: Error) => void }
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File; onError?: (error: Error) => void };

/** Opens PGlite in its own thread: a data directory (locked to this process) or a database in memory. */
export async function openPglite(target: PgliteTarget): Promise<PgliteDatabase> {
  let release: (() => void) | undefined;
  let open: () => Promise<PgliteHandle>;
  if (target.kind === 'pglite') {
    mkdirSync(target.dir, { recursive: true });
    release = lockDataDir(target.dir);
    const dataDir = path.join(target.dir, 'pglite');
    open = () => PgliteThread.open({ dataDir });
  } else {
    const { loadDataDir } = target;
    // An in-memory database cannot come back after a crash: its contents died with it.
    let opened = false;
    open = async () => {
      if (opened) throw new DatabaseUnavailableError('The in-memory database was lost and cannot be reopened.');
      opened = true;
      return PgliteThread.open({ loadDataDir });
    };
  }
  let client: ReopeningPglite;
  try {
    client = new ReopeningPglite(await open(), open, target.onError);
  } catch (error) {
    release?.();
    throw error;
  }
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  // Only this process opens the data directory (lockDataDir), so every write is told by the code that made it
  // (tablesChanged): nobody else can write, and the clock is always live.
  registerChangeClock(db, new ChangeClock(true));
  planWindowTotals(db);
  return {
    db,
    pglite: client,
    kind: 'pglite',
    async migrate() {
      const applied = await migrationCount(db);
      await migratePglite(drizzlePglite(client as unknown as PGlite, { schema }), { migrationsFolder });
      if ((await migrationCount(db)) !== applied) await client.query('analyze');
    },
    analyze: async () => void (await client.query('analyze')),
    async close() {
      await client.close();
      release?.();
    },
  };
}

/**
 * PGlite runs inside this process, so it "goes away" only when its WebAssembly instance dies (out of memory, an
 * abort) or is closed. Then every query answers DatabaseUnavailableError (503) while one reopen of the same data
 * directory runs in the background, so the portal recovers without a restart. Drizzle only calls query() and
 * transaction(), which this forwards to the live instance.
 */
export class ReopeningPglite {
  private reopening: Promise<void> | undefined;
  private closed = false;

  constructor(
    public current: PgliteHandle,
    private readonly open: () => Promise<PgliteHandle>,
    private readonly onError: (error: Error) => void = () => undefined,
  ) {}

  query: PGlite['query'] = (text, params, options) => this.run((c) => c.query(text, params, options));
  exec: PGlite['exec'] = (...args) => this.run((c) => c.exec(...args));
  transaction: PGlite['transaction'] = (callback) => this.run((c) => c.transaction(callback));
  dumpDataDir: PGlite['dumpDataDir'] = (...args) => this.run((c) => c.dumpDataDir(...args));

  private async run<T>(work: (client: PgliteHandle) => Promise<T>): Promise<T> {
    if (this.reopening) throw new DatabaseUnavailableError('The database is being reopened.');
    const client = this.current;
    try {
      return await work(client);
    } catch (error) {
      if (!this.closed && (client.closed || isFatalWasmError(error))) {
        this.reopen(client);
        throw new DatabaseUnavailableError('The embedded database stopped; it is being reopened.', { cause: error });
      }
      throw error;
    }
  }

  private reopen(dead: PgliteHandle) {
    if (this.reopening || this.current !== dead) return;
    this.onError(new Error('The embedded database stopped; reopening it.'));
    this.reopening = (async () => {
      await dead.close().catch(() => undefined);
      for (let attempt = 0; !this.closed; attempt++) {
        try {
          this.current = await this.open();
          return;
        } catch (error) {
          this.onError(error as Error);
          if (error instanceof DatabaseUnavailableError) return;
          await new Promise((r) => setTimeout(r, Math.min(5000, 200 * 2 ** attempt)));
        }
      }
    })().finally(() => {
      this.reopening = undefined;
    });
  }

  async close() {
    this.closed = true;
    await this.reopening?.catch(() => undefined);
    if (!this.current.closed) await this.current.close();
  }
}

const isFatalWasmError = (error: unknown) =>
  (error as { name?: unknown })?.name === 'RuntimeError' ||
  (error as { name?: unknown })?.name === 'ExitStatus' ||
  /PGlite is closed/.test(String(error));
