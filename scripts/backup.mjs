// `npm run backup [-- --out DIR]`: one directory holding everything that makes the society, restorable with
// `npm run restore -- DIR` into an empty place (scripts/restore.mjs). PostgreSQL (DATABASE_URL): pg_dump's custom
// format. The embedded database: a copy of its data directory, asked of the running portal (SIGUSR2, see
// apps/api/src/operations/snapshot.ts) or, when none runs, made here under the database's lock. Plus the secrets
// generated into DATA_DIR (signing keys, cookie keys), without which every member would be signed out and the
// embedded provider's tokens unverifiable. Backups are written whole under a temporary name in the backup directory
// (the portal's snapshot is copied there when it is on another filesystem), then renamed.
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { dataDir, databaseUrl, fail, lockHolder, run, SECRETS_FILE, SNAPSHOT_FILE, takeLock } from './backup-common.mjs';

const SNAPSHOT_WAIT_MS = 120_000;

async function snapshotFromServer(dir, pid, target) {
  const file = path.join(dir, SNAPSHOT_FILE);
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + SNAPSHOT_WAIT_MS;
  while (!existsSync(file)) {
    if (Date.now() > deadline)
      throw new Error(`The portal (process ${pid}) wrote no snapshot within ${SNAPSHOT_WAIT_MS / 1000} s: see its log.`);
    await new Promise((r) => setTimeout(r, 100));
  }
  moveFile(file, target);
}

/** A rename, or across filesystems (the backups on a mounted disk, DATA_DIR on another) a copy and the source removed. */
function moveFile(file, target) {
  try {
    renameSync(file, target);
  } catch (error) {
    if (error.code !== 'EXDEV') throw error;
    copyFileSync(file, target);
    rmSync(file);
  }
}

async function snapshotHere(dir, target) {
  const release = takeLock(dir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create({ dataDir: path.join(dir, 'pglite') });
    try {
      await db.query('checkpoint');
      const tar = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
      writeFileSync(target, gzipSync(tar), { mode: 0o600 });
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const dir = dataDir();
  const url = databaseUrl();
  const outDir = path.resolve(values.out ?? process.env.BACKUP_DIR ?? 'backups');
  const name = `guildhall-${new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
  const partial = path.join(outDir, `.${name}.partial`);
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  try {
    const files = [];
    if (url) {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(partial, 'database.pgdump')}`, url]);
      files.push('database.pgdump');
    } else {
      if (!existsSync(path.join(dir, 'pglite')))
        throw new Error(`There is no embedded database in ${dir} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
      const target = path.join(partial, 'pglite.tar.gz');
      const pid = lockHolder(dir);
      if (pid) await snapshotFromServer(dir, pid, target);
      else await snapshotHere(dir, target);
      files.push('pglite.tar.gz');
    }
    if (existsSync(path.join(dir, SECRETS_FILE))) {
      copyFileSync(path.join(dir, SECRETS_FILE), path.join(partial, SECRETS_FILE));
      files.push(SECRETS_FILE);
    }
    const manifest = { format: 1, database: url ? 'postgres' : 'pglite', created: new Date().toISOString(), files };
    writeFileSync(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const final = path.join(outDir, name);
    renameSync(partial, final);
    const size = files.reduce((n, f) => n + statSync(path.join(final, f)).size, 0);
    console.log(`Backup written to ${final} (${(size / 1024 / 1024).toFixed(1)} MB: ${files.join(', ')})`);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

main().catch(fail);
