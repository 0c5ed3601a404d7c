// `npm run backup` while the portal runs on the embedded database: PGlite belongs to this process (its data
// directory is locked), so the backup script asks it, by SIGUSR2, to write a consistent copy of the directory
// (a checkpoint, then PGlite's own dump, taken between two statements) beside it; scripts/backup.mjs collects it.
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Database } from '../db/index';

/** Where the snapshot lands in the data directory; scripts/backup.mjs waits for this name. */
export const SNAPSHOT_FILE = 'backup-snapshot.tar.gz';

export async function writeSnapshot(database: Database, dataDir: string): Promise<string> {
  if (database.kind !== 'pglite') throw new Error('Only the embedded database is snapshot by the server.');
  const tar = Buffer.from(await (await database.dump()).arrayBuffer());
  const file = path.join(dataDir, SNAPSHOT_FILE);
  // Renamed into place whole, so the script never reads half a file.
  await writeFile(`${file}.partial`, gzipSync(tar), { mode: 0o600 });
  await rename(`${file}.partial`, file);
  return file;
}

/** Writes a snapshot on each SIGUSR2 (the embedded database only); returns the function that stops listening. */
export function snapshotOnSignal(
  database: Database,
  dataDir: string,
  log: { info(msg: string): void; error(o: object, msg: string): void },
): () => void {
  if (database.kind !== 'pglite') return () => undefined;
  let running = false;
  const onSignal = () => {
    if (running) return;
    running = true;
    writeSnapshot(database, dataDir)
      .then((file) => log.info(`backup snapshot written to ${file}`))
      .catch((error) => log.error({ err: error }, 'backup snapshot failed'))
      .finally(() => {
        running = false;
      });
  };
  process.on('SIGUSR2', onSignal);
  return () => process.off('SIGUSR2', onSignal);
}
