// The hash of everything the web build reads — apps/web (sources, public files, configs), packages/shared and
// the lockfile — and where the last build recorded it. The build writes it (apps/web/vite.config.ts); `npm
// start` compares it (scripts/build-if-changed.mjs) to skip a build when nothing changed.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
export const SOURCE_HASH_FILE = path.join(REPO_ROOT, 'apps/web/dist/.vite/source-hash');
const SKIP = new Set(['node_modules', 'dist', 'e2e', '.vite']);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

export function webSourceHash() {
  const hash = createHash('sha256');
  const inputs = [...files(path.join(REPO_ROOT, 'apps/web')), ...files(path.join(REPO_ROOT, 'packages/shared'))];
  for (const file of [...inputs, path.join(REPO_ROOT, 'package-lock.json')]) {
    hash.update(path.relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}
