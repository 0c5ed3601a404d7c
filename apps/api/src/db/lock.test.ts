// A second Guildhall on the same data directory refuses to start, with a clear message, and harms nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

const serverTs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guildhall-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the data directory lock', () => {
  it('makes a second server start on a locked directory exit with a clear message', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    try {
      const second = spawnSync(process.execPath, ['--import', 'tsx', serverTs], {
        env: { ...process.env, DATA_DIR: dir, PORT: '0', DATABASE_URL: '', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`The data directory ${dir} is in use by another Guildhall process (pid ${process.pid})`);
      // The first owner keeps its lock.
      expect(readFileSync(path.join(dir, 'guildhall.lock'), 'utf8')).toBe(String(process.pid));
    } finally {
      release();
    }
  });

  it('refuses a second lock while the owner lives and frees the directory on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    writeFileSync(path.join(dir, 'guildhall.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    writeFileSync(path.join(dir, 'guildhall.lock'), String(process.pid));
    release();
    const again = lockDataDir(dir);
    again();
  });

  it('takes over a lock left by a process that died', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'guildhall.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'guildhall.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
