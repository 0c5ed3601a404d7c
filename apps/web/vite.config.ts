import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { SOURCE_HASH_FILE, webSourceHash } from '../../scripts/source-hash.mjs';

const api = process.env.GUILDHALL_API ?? 'http://localhost:3000';

/**
 * Writes a .br and a .gz beside every compressible file of the build, once, at the highest levels; the API
 * serves them by Accept-Encoding (@fastify/static preCompressed) instead of compressing on every request.
 */
function precompress(): Plugin {
  const COMPRESSIBLE = /\.(js|css|html|svg|txt|json|webmanifest)$/;
  let outDir = 'dist';
  return {
    name: 'guildhall:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f) && !f.startsWith('.vite'));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(path.join(outDir, file));
          if (source.length < 512) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
            promisify(gzip)(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(path.join(outDir, `${file}.br`), br), writeFile(path.join(outDir, `${file}.gz`), gz)]);
        }),
      );
    },
  };
}

/** Records the hash of the sources this build read, so `npm start` skips building them again. */
function recordSourceHash(): Plugin {
  let hash = '';
  return {
    name: 'guildhall:source-hash',
    apply: 'build',
    buildStart() {
      hash = webSourceHash();
    },
    async closeBundle() {
      await writeFile(SOURCE_HASH_FILE, `${hash}\n`);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), recordSourceHash()],
  server: {
    port: 5173,
    strictPort: true,
    // Keep the browser's Host: the SSO provider builds its endpoint URLs from it.
    proxy: Object.fromEntries(
      ['/api', '/sso', '/interaction', '/interaction-assets'].map((path) => [path, { target: api, changeOrigin: false }]),
    ),
  },
  // The manifest lets scripts/check-js-budgets.ts add up what each route downloads.
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 600 },
});
