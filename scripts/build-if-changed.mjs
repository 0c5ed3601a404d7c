// `npm start`'s first step: build the SPA only when its sources changed since the last build (the build
// records their hash, see web-source-hash.mjs), so a restart on an up-to-date checkout starts the server at
// once. `--force` builds regardless.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, SOURCE_HASH_FILE, webSourceHash } from './web-source-hash.mjs';

const built =
  existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html')) && existsSync(SOURCE_HASH_FILE)
    ? readFileSync(SOURCE_HASH_FILE, 'utf8').trim()
    : null;
if (built === webSourceHash() && !process.argv.includes('--force')) {
  console.log('The web app is up to date: not rebuilding.');
} else {
  console.log(built ? 'The web app changed: building it…' : 'Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@guildhall/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
