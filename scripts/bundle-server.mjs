// The API as ES modules (apps/api/.build/server.mjs and the chunks it imports) that plain node runs, about a
// second faster to start than compiling the TypeScript with tsx on every start. Only our own sources are bundled
// (packages stay in node_modules); each module keeps its own import.meta.url, so paths resolved from it (the
// repository root, the migrations folder) are those of the sources. server.ts imports the bulk of the server
// dynamically while the database opens, so that part is a chunk of its own. Rebuilt only when the API's sources
// changed (source-hash.mjs); a build takes well under a second. Run by `npm start` (scripts/start.mjs); `--force`
// bundles regardless.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, recordedHash, SERVER_BUNDLE, SERVER_HASH_FILE, serverSourceHash } from './source-hash.mjs';

export async function bundleServerIfChanged(force = false) {
  const hash = serverSourceHash();
  if (!force && recordedHash(SERVER_HASH_FILE, SERVER_BUNDLE) === hash) return;
  const { build } = await import('rolldown');
  const out = path.dirname(SERVER_BUNDLE);
  // Chunks of an earlier build would only pile up.
  mkdirSync(out, { recursive: true });
  for (const name of readdirSync(out)) if (name.endsWith('.mjs')) rmSync(path.join(out, name));
  await build({
    input: path.join(REPO_ROOT, 'apps/api/src/server.ts'),
    cwd: REPO_ROOT,
    platform: 'node',
    logLevel: 'warn',
    external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('@guildhall/'),
    plugins: [
      {
        name: 'guildhall:keep-import-meta-url',
        transform(code, id) {
          if (!code.includes('import.meta.url')) return null;
          return { code: code.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href)), map: null };
        },
      },
    ],
    // No source map: node would parse it at every start; the bundle keeps the sources' names and order.
    output: { dir: out, entryFileNames: path.basename(SERVER_BUNDLE), chunkFileNames: '[name]-[hash].mjs', format: 'esm' },
  });
  writeFileSync(SERVER_HASH_FILE, `${hash}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bundleServerIfChanged(process.argv.includes('--force'));
