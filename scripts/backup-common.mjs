// What scripts/backup.mjs and scripts/restore.mjs share: where the data is (the same defaults as the server's
// config), the embedded database's lock file (apps/api/src/db/lock.ts writes it) and running a client tool.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
export const dataDir = () => path.resolve(process.env.DATA_DIR || path.join(REPO_ROOT, 'data'));
export const databaseUrl = () => process.env.DATABASE_URL || undefined;
export const SNAPSHOT_FILE = 'backup-snapshot.tar.gz';
export const SECRETS_FILE = 'secrets.json';

/** The pid of the live process holding the embedded database, if any. */
export function lockHolder(dir) {
  const file = path.join(dir, 'guildhall.lock');
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  if (!Number.isInteger(pid) || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return error.code === 'EPERM' ? pid : undefined;
  }
}

/** Takes the embedded database's lock as the server does, so no server starts on it meanwhile; returns release. */
export function takeLock(dir) {
  const file = path.join(dir, 'guildhall.lock');
  const holder = lockHolder(dir);
  if (holder) throw new Error(`The embedded database in ${dir} is in use by process ${holder}.`);
  if (existsSync(file)) unlinkSync(file);
  const fd = openSync(file, 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
  return () => {
    if (existsSync(file) && readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
  };
}

/** Runs a tool (pg_dump, pg_restore), failing with its own words. */
export function run(tool, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (error) =>
      reject(error.code === 'ENOENT' ? new Error(`${tool} is not installed (Debian: apt-get install postgresql-client)`) : error),
    );
    child.on('exit', (code) => (code === 0 ? resolve(undefined) : reject(new Error(`${tool} failed (${code}): ${stderr.trim()}`))));
  });
}

export function fail(error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
