// Builds the SPA only when its sources changed since the last build (the build records their hash, see
// source-hash.mjs), so a restart on an up-to-date checkout starts the server at once. Run by `npm start`
// (scripts/start.mjs) and the Lighthouse script; `--force` builds regardless.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, recordedHash, SOURCE_HASH_FILE, webSourceHash } from './source-hash.mjs';

export function buildWebIfChanged(force = false) {
  const built = recordedHash(SOURCE_HASH_FILE, path.join(REPO_ROOT, 'apps/web/dist/index.html'));
  if (built === webSourceHash() && !force) {
    console.log('The web app is up to date: not rebuilding.');
    return;
  }
  console.log(built ? 'The web app changed: building it…' : 'Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@guildhall/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildWebIfChanged(process.argv.includes('--force'));
