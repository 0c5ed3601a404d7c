// The load generator: autocannon in a process of its own, so it does not share the server's event loop.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export interface Load {
  requests: { average: number; total: number };
  /** Microseconds of this process's CPU (the API's, PostgreSQL's excluded) per request answered. */
  cpuPerRequest?: number;
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** One request of a client's cycle (bench-paths.mjs hands the list to one autocannon connection). */
export interface ClientRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const run = promisify(execFile);
const autocannonBin = path.resolve(import.meta.dirname, '..', '..', 'node_modules', 'autocannon', 'autocannon.js');
const pathsScript = path.resolve(import.meta.dirname, '..', 'bench-paths.mjs');

/** autocannon's `-j` output; `input` is written to its standard input (bench-paths.mjs's options: 50 members' tokens
 * in one command-line argument would pass the kernel's limit on an argument's length). */
async function json(args: string[], input?: object): Promise<Load> {
  const running = run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  running.child.stdin!.end(input ? JSON.stringify(input) : '');
  const { stdout } = await running;
  return JSON.parse(stdout) as Load;
}

/** A warm-up's length: V8 optimises a route's code only after some thousands of its requests, and a server runs
 * warm; a warm-up of 200 requests measured the compiler too (docs/bench/member-mix.md). */
const WARM_UP_SECONDS = 3;

export function loader(connections: number, duration: number) {
  const length = (warmUp: boolean, seconds: string) => ({ duration: warmUp ? WARM_UP_SECONDS : Number(seconds) });
  return {
    /** One URL (autocannon's command line), or several paths of one origin in turn (bench-paths.mjs). */
    async load(url: string | string[], token?: string, warmUp = false, seconds = String(duration), body?: object): Promise<Load> {
      if (Array.isArray(url)) {
        const origin = new URL(url[0]!).origin;
        const options = {
          url: origin,
          paths: url.map((u) => u.slice(origin.length)),
          connections,
          ...length(warmUp, seconds),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        };
        return json([pathsScript], options);
      }
      return json([
        autocannonBin,
        '-j',
        '-c',
        String(connections),
        '-d',
        warmUp ? String(WARM_UP_SECONDS) : seconds,
        ...(token ? ['-H', `authorization=Bearer ${token}`] : []),
        // SPEC §7 makes some lists POSTs with their filters in the body.
        ...(body ? ['-m', 'POST', '-H', 'content-type=application/json', '-b', JSON.stringify(body)] : []),
        url,
      ]);
    },
    /** One connection per client, each cycling through its own requests (its own token, its own paths). */
    async loadClients(origin: string, clients: ClientRequest[][], warmUp = false, seconds = String(duration)): Promise<Load> {
      const options = { url: origin, clients, connections: clients.length, ...length(warmUp, seconds) };
      return json([pathsScript], options);
    },
  };
}
