// secrets.json is made once, by whichever start comes first: compose starts two replicas on one volume at once.
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSecrets } from './secrets';

// A loaded disk: writeFile creates its file, then takes a second before the data is in it (in one process the thread
// pool's order otherwise writes before the other start reads, where two replicas' processes need not).
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  // Only strings are written here; the real writeFile's other overloads are not needed.
  const writeFile = async (file: string, data: string, options: { flag?: string; mode?: number } = {}) => {
    const handle = await fs.open(file, options.flag ?? 'w', options.mode);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
  };
  return { ...fs, default: { ...fs, writeFile }, writeFile };
});

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'guildhall-secrets-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('loadSecrets', () => {
  // Twenty fresh directories at once, so that one start often reads while the other writes.
  it('gives two starts at once on an empty data directory the same secrets, in a file only its owner reads', {
    timeout: 120_000,
  }, async () => {
    const dirs = Array.from({ length: 20 }, (_, i) => path.join(work, `race-${i}`));
    const pairs = await Promise.allSettled(dirs.map((dir) => Promise.all([loadSecrets(dir, {}), loadSecrets(dir, {})])));
    for (const [i, pair] of pairs.entries()) {
      if (pair.status === 'rejected') throw new Error(`${dirs[i]}: ${pair.reason}`);
      expect(pair.value[1]).toEqual(pair.value[0]);
      expect(await loadSecrets(dirs[i]!, {})).toEqual(pair.value[0]);
      expect(await readdir(dirs[i]!)).toEqual(['secrets.json']);
      expect((await stat(path.join(dirs[i]!, 'secrets.json'))).mode & 0o777).toBe(0o600);
    }
  });

  it('names an unreadable secrets.json and says what to do', async () => {
    const dir = path.join(work, 'empty-file');
    await mkdir(dir);
    await writeFile(path.join(dir, 'secrets.json'), '');
    await expect(loadSecrets(dir, {})).rejects.toThrow(
      `${path.join(dir, 'secrets.json')} is not valid JSON (Unexpected end of JSON input)`,
    );
    await expect(loadSecrets(dir, {})).rejects.toThrow('delete it to generate new secrets');
  });
});
