// `npm start`'s first step: build the SPA only when its sources changed since the last build, so a restart on
// an up-to-date checkout starts the server at once. The hash covers everything the build reads: apps/web
// (sources, public files, configs), packages/shared/src and the lockfile; it is kept in dist/.vite/.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const stamp = path.join(web, 'dist/.vite/source-hash');
const SKIP = new Set(['node_modules', 'dist', 'e2e', '.vite']);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

function sourceHash() {
  const hash = createHash('sha256');
  for (const file of [...files(web), ...files(path.join(root, 'packages/shared')), path.join(root, 'package-lock.json')]) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const current = sourceHash();
const built = existsSync(path.join(web, 'dist/index.html')) && existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;
if (built === current && !process.argv.includes('--force')) {
  console.log('The web app is up to date: not rebuilding.');
} else {
  console.log(built ? 'The web app changed: building it…' : 'Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@guildhall/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, `${current}\n`);
}
