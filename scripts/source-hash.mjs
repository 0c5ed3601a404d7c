// Hashes of everything a build reads, and where the last build recorded them, so `npm start`
// (scripts/start.mjs) skips a build when nothing changed: the web app (apps/web — sources, public files,
// configs — packages/shared and the lockfile; its build writes the hash, see apps/web/vite.config.ts) and the
// API bundle (apps/api/src, packages/shared and the lockfile; scripts/bundle-server.mjs writes it).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
export const SOURCE_HASH_FILE = path.join(REPO_ROOT, 'apps/web/dist/.vite/source-hash');
export const SERVER_BUNDLE = path.join(REPO_ROOT, 'apps/api/.build/server.mjs');
export const SERVER_HASH_FILE = path.join(REPO_ROOT, 'apps/api/.build/source-hash');
const SKIP = new Set(['node_modules', 'dist', 'e2e', '.vite', '.build']);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

function hashOf(dirs) {
  const hash = createHash('sha256');
  const inputs = dirs.flatMap((dir) => [...files(path.join(REPO_ROOT, dir))]);
  for (const file of [...inputs, path.join(REPO_ROOT, 'package-lock.json')]) {
    hash.update(path.relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export const webSourceHash = () => hashOf(['apps/web', 'packages/shared']);
export const serverSourceHash = () => hashOf(['apps/api/src', 'packages/shared']);

/** The hash a build recorded, or null when it or its output is missing. */
export function recordedHash(hashFile, output) {
  return existsSync(output) && existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : null;
}
