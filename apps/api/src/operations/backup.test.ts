// `npm run backup` / `npm run restore` (issue 27): back up, change things, restore into an empty place, and the
// society is the one backed up, table by table — on the embedded database (while the portal holds it, and while
// nothing does) and on PostgreSQL (pg_dump / pg_restore, a database of the test's own on TEST_DATABASE_URL's server).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase, users } from '../db/index';
import { loadSecrets } from '../secrets';
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

describe.skipIf(onPostgres)('the embedded database', () => {
  it('backs up while the portal holds it and while nothing does; a restore gives back the same society', { timeout: 180_000 }, async () => {
    const live = path.join(work, 'live');
    // A seeded society to start from: the test run's seeded database, restored as a backup would be.
    const seed = path.join(work, 'seed');
    await mkdir(seed);
    await writeFile(path.join(seed, 'pglite.tar.gz'), gzipSync(await readFile(inject('pgliteDump'))));
    await writeFile(
      path.join(seed, 'manifest.json'),
      JSON.stringify({ format: 1, database: 'pglite', created: 'seed', files: ['pglite.tar.gz'] }),
    );
    expect((await script('restore', [seed], { DATA_DIR: live })).ok).toBe(true);

    // The portal's way of holding it: the lock, its secrets, the snapshot on SIGUSR2.
    let database = await openDatabase({ kind: 'pglite', dir: live });
    const secrets = await loadSecrets(live, {});
    const stop = snapshotOnSignal(database, live, { info: () => undefined, error: () => undefined });
    const before = await fingerprint(database);
    const out = path.join(work, 'backups');
    const backedUp = await script('backup', ['--out', out], { DATA_DIR: live });
    stop();
    expect(backedUp.output).toContain('pglite.tar.gz, secrets.json');
    const backup = await newestBackup(out);

    await changeThings(database);
    expect(await fingerprint(database)).not.toEqual(before);

    // Refused while the portal runs, and over an existing database without --force.
    expect((await script('restore', [backup, '--force'], { DATA_DIR: live })).output).toContain('in use by process');
    await database.close();
    expect((await script('restore', [backup], { DATA_DIR: live })).output).toContain('already holds a database');

    const empty = path.join(work, 'empty');
    expect((await script('restore', [backup], { DATA_DIR: empty })).ok).toBe(true);
    database = await openDatabase({ kind: 'pglite', dir: empty });
    expect(await fingerprint(database)).toEqual(before);
    expect(await loadSecrets(empty, {})).toEqual(secrets);
    await database.close();

    // With nothing running, the script takes the lock and copies the directory itself.
    const offline = await script('backup', ['--out', out], { DATA_DIR: empty });
    expect(offline.ok).toBe(true);
    expect((await script('restore', [await newestBackup(out), '--force'], { DATA_DIR: live })).ok).toBe(true);
    database = await openDatabase({ kind: 'pglite', dir: live });
    expect(await fingerprint(database)).toEqual(before);
    await database.close();
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
