// PGlite has no lock of its own: two processes on one directory lose writes (STACK.md). This lock file, holding
// the owner's pid, makes a second start on the same directory refuse with a clear message.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another Guildhall process (pid ${pid}). Stop that process first, or start this one with another DATA_DIR or a DATABASE_URL.`,
    );
  }
}

const isAlive = (pid: number) => {
  try {
    return process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the directory's lock (making the directory if need be) or throws DataDirLockedError; returns the release function. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'guildhall.lock');
  const owner = () => readFileSync(file, 'utf8').trim();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => {
        process.off('exit', release);
        try {
          if (owner() === String(process.pid)) unlinkSync(file);
        } catch {} // Already gone.
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(owner(), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      unlinkSync(file); // The owner died without releasing the lock: take it over.
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
