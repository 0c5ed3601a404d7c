// `npm run backup` / `npm run restore` (issue 27): back up, change things, restore into an empty place, and the
// society is the one backed up, table by table — on the embedded database (while the portal holds it, and while
// nothing does) and on PostgreSQL (pg_dump / pg_restore, a database of the test's own on TEST_DATABASE_URL's server).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase, users } from '../db/index';
import { loadSecrets, type Secrets } from '../secrets';
import { openTestDatabase } from '../test/test-app';
import { snapshotOnSignal } from './snapshot';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const onPostgres = process.env.GUILDHALL_TEST_DB === 'postgres';
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'guildhall-backup-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

async function script(name: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>) {
  const cleanEnv = { ...process.env, DATABASE_URL: undefined, ...env } as NodeJS.ProcessEnv;
  for (const key of Object.keys(cleanEnv)) if (cleanEnv[key] === undefined) delete cleanEnv[key];
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(repoRoot, `scripts/${name}.mjs`), ...args], {
      env: cleanEnv,
    });
    return { ok: true, output: stdout };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr) };
  }
}

/** Every table's row count and a digest of its rows: two databases with equal fingerprints hold the same society. */
async function fingerprint(database: Database): Promise<Record<string, string>> {
  const tables = (await database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const t = sql.identifier(name);
    const row = (await database.db.execute(
      sql`select count(*)::text as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${t} x`,
    )) as unknown as { rows: { n: string; h: string }[] };
    result[name] = `${row.rows[0]!.n}:${row.rows[0]!.h}`;
  }
  return result;
}

async function changeThings(database: Database) {
  await database.db.update(users).set({ user_fname: 'Changed-after-backup' }).where(eq(users.id_user, 1));
  await database.db.execute(sql`delete from sign_in_failures`);
  await database.db.execute(sql`insert into sign_in_failures (ip, email) values ('203.0.113.9', 'after@example.org')`);
}

const newestBackup = async (dir: string) =>
  path.join(
    dir,
    (await readdir(dir))
      .filter((n) => n.startsWith('guildhall-'))
      .sort()
      .at(-1)!,
  );

/** A seeded society in dir: the test run's seeded database, restored as a backup would be. */
async function restoreSeed(dir: string) {
  const seed = path.join(work, 'seed');
  if (!existsSync(seed)) {
    await mkdir(seed);
    await writeFile(path.join(seed, 'pglite.tar.gz'), gzipSync(await readFile(inject('pgliteDump'))));
    await writeFile(
      path.join(seed, 'manifest.json'),
      JSON.stringify({ format: 1, database: 'pglite', created: 'seed', files: ['pglite.tar.gz'] }),
    );
  }
  expect((await script('restore', [seed], { DATA_DIR: dir })).ok).toBe(true);
}

/** Backs up dir into out while this process holds it as the portal does: the lock, its secrets, the snapshot on SIGUSR2. */
async function backUpWhileHeld(dir: string, out: string) {
  const database = await openDatabase({ kind: 'pglite', dir });
  const secrets = await loadSecrets(dir, {});
  const stop = snapshotOnSignal(database, dir, { info: () => undefined, error: () => undefined });
  try {
    const before = await fingerprint(database);
    const backedUp = await script('backup', ['--out', out], { DATA_DIR: dir });
    expect(backedUp.output).toContain('pglite.tar.gz, secrets.json');
    return { database, secrets, before, backup: await newestBackup(out) };
  } catch (error) {
    await database.close();
    throw error;
  } finally {
    stop();
  }
}

/** Restores backup into the empty dir and finds the society and the secrets that were backed up. */
async function expectRestored(backup: string, dir: string, before: Record<string, string>, secrets: Secrets) {
  expect((await script('restore', [backup], { DATA_DIR: dir })).ok).toBe(true);
  const database = await openDatabase({ kind: 'pglite', dir });
  expect(await fingerprint(database)).toEqual(before);
  expect(await loadSecrets(dir, {})).toEqual(secrets);
  await database.close();
}

describe.skipIf(onPostgres)('the embedded database', () => {
  it('backs up while the portal holds it and while nothing does; a restore gives back the same society', { timeout: 180_000 }, async () => {
    const live = path.join(work, 'live');
    await restoreSeed(live);
    const out = path.join(work, 'backups');
    const held = await backUpWhileHeld(live, out);
    let database = held.database;
    const { before, backup } = held;

    await changeThings(database);
    expect(await fingerprint(database)).not.toEqual(before);

    // Refused while the portal runs, and over an existing database without --force.
    expect((await script('restore', [backup, '--force'], { DATA_DIR: live })).output).toContain('in use by process');
    await database.close();
    expect((await script('restore', [backup], { DATA_DIR: live })).output).toContain('already holds a database');

    const empty = path.join(work, 'empty');
    await expectRestored(backup, empty, before, held.secrets);

    // With nothing running, the script takes the lock and copies the directory itself.
    const offline = await script('backup', ['--out', out], { DATA_DIR: empty });
    expect(offline.ok).toBe(true);
    expect((await script('restore', [await newestBackup(out), '--force'], { DATA_DIR: live })).ok).toBe(true);
    database = await openDatabase({ kind: 'pglite', dir: live });
    expect(await fingerprint(database)).toEqual(before);
    await database.close();
  });

  // The README's advice: a backup on another disk. The portal's snapshot, made in DATA_DIR, cannot be renamed
  // across filesystems (EXDEV); here DATA_DIR is on /dev/shm (a tmpfs) and the backups under the system's tmpdir.
  it('backs up while the portal holds it into a directory on another filesystem', { timeout: 180_000 }, async () => {
    const shm = '/dev/shm';
    // Two filesystems are the point of the test: on a machine where they are one, it fails rather than passes unseen.
    expect(existsSync(shm) && statSync(shm).dev !== statSync(os.tmpdir()).dev, `/dev/shm and ${os.tmpdir()} on two filesystems`).toBe(true);
    const live = await mkdtemp(path.join(shm, 'guildhall-backup-'));
    try {
      await restoreSeed(live);
      const { database, secrets, before, backup } = await backUpWhileHeld(live, path.join(work, 'other-disk-backups'));
      await database.close();
      await expectRestored(backup, path.join(work, 'other-disk-empty'), before, secrets);
    } finally {
      await rm(live, { recursive: true, force: true });
    }
  });
});

describe.runIf(onPostgres)('PostgreSQL', () => {
  it('pg_dump and pg_restore: a restore into an empty database gives back the same society', { timeout: 180_000 }, async () => {
    const { database, url, drop } = await openTestDatabase();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const emptyName = `guildhall_restore_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database "${emptyName}"`);
    const emptyUrl = new URL(url!);
    emptyUrl.pathname = `/${emptyName}`;
    let restored: Database | undefined;
    try {
      const dataDir = path.join(work, 'pg-data');
      const secrets = await loadSecrets(dataDir, {});
      const before = await fingerprint(database);
      const out = path.join(work, 'pg-backups');
      expect((await script('backup', ['--out', out], { DATA_DIR: dataDir, DATABASE_URL: url })).output).toContain(
        'database.pgdump, secrets.json',
      );
      const backup = await newestBackup(out);

      await changeThings(database);
      expect(await fingerprint(database)).not.toEqual(before);
      expect((await script('restore', [backup], { DATA_DIR: dataDir, DATABASE_URL: url })).output).toContain('already holds tables');

      const emptyDir = path.join(work, 'pg-empty');
      const result = await script('restore', [backup], { DATA_DIR: emptyDir, DATABASE_URL: emptyUrl.toString() });
      expect(result.output).toContain('Restored the PostgreSQL database');
      restored = await openDatabase({ kind: 'postgres', url: emptyUrl.toString(), poolSize: 2 });
      expect(await fingerprint(restored)).toEqual(before);
      expect(await loadSecrets(emptyDir, {})).toEqual(secrets);
      // The restored database is one the portal starts on: its migrations are all recorded as applied.
      await restored.migrate();
      expect(await fingerprint(restored)).toEqual(before);

      expect((await script('restore', [backup, '--force'], { DATA_DIR: dataDir, DATABASE_URL: url })).ok).toBe(true);
      expect(await fingerprint(database)).toEqual(before);
    } finally {
      await restored?.close();
      await admin.query(`drop database if exists "${emptyName}" with (force)`);
      await admin.end();
      await drop();
    }
  });
});
