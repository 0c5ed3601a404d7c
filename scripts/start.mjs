// `npm start` in one node process: build the SPA if its sources changed, bundle the API if its sources changed,
// then run the bundle here — no node started per step, so a restart on an up-to-date checkout spends its time
// opening the database, not booting tools.
import { pathToFileURL } from 'node:url';
import { buildWebIfChanged } from './build-if-changed.mjs';
import { bundleServerIfChanged } from './bundle-server.mjs';
import { SERVER_BUNDLE } from './source-hash.mjs';

buildWebIfChanged();
await bundleServerIfChanged();
await import(pathToFileURL(SERVER_BUNDLE).href);
