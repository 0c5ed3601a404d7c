// Lint for the architecture (STYLE §8): web never imports api, shared imports neither, and a feature never
// imports another feature (compose in app/, or lift the shared piece into components/ or lib/).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const problems = [];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(ts|tsx|mts)$/.test(name)) yield full;
  }
}

const importRe = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function imports(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(importRe)].map((m) => m[1] ?? m[2]);
}

for (const file of files(path.join(root, 'packages/shared/src'))) {
  for (const spec of imports(file)) {
    if (spec.startsWith('@guildhall/') || spec.includes('apps/')) problems.push(`${file}: shared must not import ${spec}`);
  }
}

const featuresDir = path.join(root, 'apps/web/src/features');
for (const file of files(path.join(root, 'apps/web'))) {
  for (const spec of imports(file)) {
    if (spec.startsWith('@guildhall/api') || spec.includes('apps/api')) problems.push(`${file}: web must not import the api (${spec})`);
    if (!file.startsWith(featuresDir) || !spec.startsWith('.')) continue;
    const own = path.relative(featuresDir, file).split(path.sep)[0];
    const target = path.resolve(path.dirname(file), spec);
    if (target.startsWith(featuresDir + path.sep)) {
      const other = path.relative(featuresDir, target).split(path.sep)[0];
      if (other !== own) problems.push(`${path.relative(root, file)}: feature '${own}' imports feature '${other}' (${spec})`);
    }
  }
}

// Every e2e spec takes `test` from the shared fixture, which fails a test on any browser console error (issue 23).
const e2eDir = path.join(root, 'apps/web/e2e');
for (const name of readdirSync(e2eDir).filter((n) => n.endsWith('.spec.ts'))) {
  const text = readFileSync(path.join(e2eDir, name), 'utf8');
  if (/import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'@playwright\/test'/.test(text) || !/from '\.\/fixtures'/.test(text)) {
    problems.push(`apps/web/e2e/${name}: take test and expect from './fixtures', which fails a test on a browser console error`);
  }
}

const apiDb = path.join(root, 'apps/api/src/db');
for (const file of files(path.join(root, 'apps/api/src'))) {
  for (const spec of imports(file)) {
    // The data layer has one front door (issue 24): outside db/ nothing reaches past db/index.ts (tests and the
    // demo society's seed, which scripts and tests run, excepted).
    const target = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : '';
    if (target.startsWith(apiDb + path.sep) && !file.startsWith(apiDb + path.sep) && !/\.test\.ts$|\/test\//.test(file)) {
      const inside = path.relative(apiDb, target);
      if (inside !== 'index' && !inside.startsWith('demo-society'))
        problems.push(`${path.relative(root, file)}: import the data layer through db/index.ts, not ${spec}`);
    }
    if (spec.startsWith('@guildhall/web') || spec.includes('apps/web')) problems.push(`${file}: api must not import the web app (${spec})`);
  }
}

if (problems.length) {
  console.error(`Architecture boundaries broken:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Architecture boundaries: ok');
