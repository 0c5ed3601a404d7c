// The real server (server.ts) as a child process on 127.0.0.1, for tests of several processes, a proxy and signals.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** What it wrote to stderr so far (warnings and errors at LOG_LEVEL=warn). */
  stderr(): string;
  /** Sends the signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

async function ready(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/api/ready`)).status === 200;
  } catch {
    return false;
  }
}

/**
 * `sources` (the default, what the tests run): server.ts compiled on the fly by tsx. `bundle`: the bundle `npm start`
 * and production run (apps/api/.build/server.mjs, made by scripts/bundle-server.mjs beforehand), plain node.
 */
export type ServerEntry = 'sources' | 'bundle';
const ARGS: Record<ServerEntry, string[]> = {
  sources: ['--import', 'tsx', 'apps/api/src/server.ts'],
  bundle: ['apps/api/.build/server.mjs'],
};

export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  entry: ServerEntry = 'sources',
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ARGS[entry], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (!(await ready(base))) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`the server on port ${port} did not become ready: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    base,
    stderr: () => stderr,
    stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      });
    },
  };
}
