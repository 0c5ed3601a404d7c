// `npm start`'s second step: the API as one ES module (apps/api/.build/server.mjs) that plain node runs, about a
// second faster to start than compiling the TypeScript with tsx on every start. Only our own sources are
// bundled (packages stay in node_modules); each module keeps its own import.meta.url, so paths resolved from it
// (the repository root, the migrations folder) are those of the sources. Takes well under a second.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'rolldown';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(root, 'apps/api/.build/server.mjs');

await build({
  input: path.join(root, 'apps/api/src/server.ts'),
  cwd: root,
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
  output: { file: SERVER_BUNDLE, format: 'esm' },
});
