// Caddy from Debian (`apt-get install caddy`) as the reverse proxy in front of several server processes, as
// deploy/compose.yaml puts it in production: round robin, /api/ready as the active health check, retries on
// another replica while one stops.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export function caddyInstalled(): boolean {
  try {
    execFileSync('caddy', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface Caddy {
  base: string;
  stop(): Promise<void>;
}

export async function startCaddy(port: number, upstreams: string[]): Promise<Caddy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'guildhall-caddy-'));
  const caddyfile = path.join(dir, 'Caddyfile');
  await writeFile(
    caddyfile,
    `{
	admin off
	auto_https off
}
http://127.0.0.1:${port} {
	reverse_proxy ${upstreams.map((u) => u.replace(/^http:\/\//, '')).join(' ')} {
		lb_policy round_robin
		lb_try_duration 5s
		lb_try_interval 100ms
		health_uri /api/ready
		health_interval 500ms
		health_timeout 2s
	}
}
`,
  );
  const child: ChildProcess = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`caddy did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    async stop() {
      if (child.exitCode === null) {
        await new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
        });
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
