// npm run bench -- --export [--postgres URL] (issue 26): Coordinator › My members exported as CSV through the real
// HTTP API, by a member whose list is every member (an administrator if the database has one, else the national
// coordinator), on an already seeded PostgreSQL database (default postgres://postgres@127.0.0.1:5432/
// guildhall_bench_export; never reseeded: only a temporary post is added for the run and removed after it). The API runs as its own process, as in production, so its
// memory is sampled from outside (/proc/<pid>/status, every 20 ms) while the file streams. Prints the time to the
// first byte, the total time, the rows and the API's resident memory before and at its peak. Budgets: first byte
// within 1 s, memory growth under 50 MB (flat: the rows are never all held), every member in the file; exits 1
// when missed.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../apps/api/src/db/demo-society/demo';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/guildhall_bench_export';
const FIRST_BYTE_BUDGET_MS = 1000;
const GROWTH_BUDGET_MB = 50;
const repo = path.resolve(import.meta.dirname, '..', '..');

/** The resident memory of a process, in MB, as the kernel reports it. */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * The member whose list is every member: an administrator if the database has one. The seeded society has none, and
 * its national coordinator reaches only the United States (83,256 of 100,000), so that coordinator is given, for the
 * run only, the same post at the other top locations; `undo` removes those posts again.
 */
async function widestReach(url: string): Promise<{ email: string; who: string; members: number; undo: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const members = Number((await client.query('select count(*)::int as n from users')).rows[0].n);
  const done = async () => {
    await client.end();
  };
  const admin = await client.query(
    'select e.email from users u join user_emails e on e.id_user = u.id_user where u.is_admin and not u.is_disabled order by u.id_user, e.id_email limit 1',
  );
  if (admin.rows[0]) return { email: admin.rows[0].email, who: 'an administrator', members, undo: done };
  const national = await client.query(
    `select p.id_user, e.email from positions p join locations l on l.id_location = p.id_location join user_emails e on e.id_user = p.id_user
     where p.pos_type = 'NC' and l.id_parent is null order by p.id_position, e.id_email limit 1`,
  );
  if (!national.rows[0]) throw new Error('The database has neither an administrator nor a national coordinator');
  const added = await client.query(
    `insert into positions (id_user, id_location, pos_type, pos_title)
     select $1, l.id_location, 'NC', 'Bench: national coordinator for this run' from locations l
     where l.id_parent is null and not exists (select 1 from positions p where p.id_user = $1 and p.id_location = l.id_location and p.pos_type = 'NC')
     returning id_position`,
    [national.rows[0].id_user],
  );
  const ids = added.rows.map((r) => r.id_position as number);
  return {
    email: national.rows[0].email,
    who: `the national coordinator (posted at every top location for the run: ${ids.length} post(s) added, then removed)`,
    members,
    undo: async () => {
      if (ids.length) await client.query('delete from positions where id_position = any($1::int[])', [ids]);
      await done();
    },
  };
}

async function startApi(url: string, port: number, dataDir: string): Promise<ChildProcess> {
  const api = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'apps/api/src/server.ts')], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      TOKEN_SECRET: randomBytes(32).toString('hex'),
    },
  });
  for (let i = 0; i < 300; i++) {
    if (api.exitCode !== null) throw new Error(`The API exited with ${api.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return api;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('The API did not answer /api/health within 60 s');
}

export async function benchExport(opts: { postgres?: string }) {
  const url = opts.postgres ?? DEFAULT_URL;
  const { email, who, members, undo } = await widestReach(url);
  // Interrupted (Ctrl-C), the run still takes its temporary post away from the shared database.
  process.once('SIGINT', () => {
    undo().finally(() => process.exit(130));
  });
  const port = 3900 + Math.floor(Math.random() * 90);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'guildhall-bench-export-'));
  const api = await startApi(url, port, dataDir).catch(async (error) => {
    await undo();
    throw error;
  });
  const base = `http://127.0.0.1:${port}/api`;
  try {
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    if (!login.ok) throw new Error(`Signing in answered ${login.status}: ${await login.text()}`);
    const headers = { authorization: `Bearer ${((await login.json()) as { result: string }).result}` };
    // A first small export warms the route and its code up, so the baseline is the process at work, not at rest.
    await (await fetch(`${base}/coordinator/members/export?name=zzzz`, { headers })).text();
    const pid = api.pid!;
    const baseline = await rssMb(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      rssMb(pid).then(
        (mb) => {
          peak = Math.max(peak, mb);
        },
        () => undefined,
      );
    }, 20);
    const started = performance.now();
    const res = await fetch(`${base}/coordinator/members/export`, { headers });
    if (!res.ok || !res.body) throw new Error(`The export answered ${res.status}: ${await res.text()}`);
    let firstByte = 0;
    let lines = 0;
    let bytes = 0;
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      if (!firstByte) firstByte = performance.now() - started;
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const total = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, await rssMb(pid));
    const rows = lines - 1;
    const growth = peak - baseline;
    console.log(`Export of Coordinator › My members by ${who} through the HTTP API on PostgreSQL`);
    console.log(`  rows: ${rows.toLocaleString('en')} of ${members.toLocaleString('en')} members (${(bytes / 1e6).toFixed(1)} MB of CSV)`);
    console.log(`  time to first byte: ${firstByte.toFixed(0)} ms (budget ${FIRST_BYTE_BUDGET_MS} ms)`);
    console.log(`  total: ${(total / 1000).toFixed(2)} s (${Math.round(rows / (total / 1000)).toLocaleString('en')} rows/s)`);
    console.log(
      `  API process memory: ${baseline.toFixed(0)} MB before, ${peak.toFixed(0)} MB at its peak, growth ${growth.toFixed(0)} MB (budget ${GROWTH_BUDGET_MB} MB)`,
    );
    const ok = firstByte <= FIRST_BYTE_BUDGET_MS && growth < GROWTH_BUDGET_MB && rows === members;
    console.log(ok ? '  budgets met' : '  BUDGET MISSED');
    return ok;
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
    await undo();
  }
}
