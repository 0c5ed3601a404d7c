// npm run bench -- --import [--postgres URL] [--members N] [--tsx] (issue 26): a members CSV of N rows (default
// 100,000) uploaded over HTTP to the real API server, as a child process, on PostgreSQL
// (a fresh database `guildhall_bench_import` on the given server, default postgres://postgres@127.0.0.1:5432/postgres):
// the dry run, the apply (one transaction), then the same file again, which must change nothing. Each sends the
// file as a text/csv body and asks for progress (NDJSON), as the page does. Prints each step's time and the server process's resident memory, sampled
// from /proc/PID/status (VmRSS every 50 ms, and the kernel's high-water mark VmHWM). Budget: the apply under 60 s,
// the server under 300 MB while it runs; exits 1 when missed.
// The server is the bundle `npm start` and production run (apps/api/.build/server.mjs under plain node, bundled
// first when the sources changed): the budget is the memory of the process users run. tsx, which the tests use to
// start server.ts, compiles each module on the fly and keeps its compiler and the compiled sources in memory (about
// 80 MB more after start, docs/bench/import.md); --tsx measures that way for comparison.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LOCATION_TYPE } from '@guildhall/shared/constants';
import pg from 'pg';
import { hashPassword } from '../../apps/api/src/auth/passwords';
import { locations, openDatabase, userEmails, users } from '../../apps/api/src/db/index';
import { freePort } from '../../apps/api/src/test/oidc-flow';
import { type ServerEntry, startServerProcess } from '../../apps/api/src/test/server-process';

const BUDGET_SECONDS = 60;
const BUDGET_MB = 300;
const DATABASE = 'guildhall_bench_import';
const ADMIN_EMAIL = 'bench.admin@bench.example.test';
const ADMIN_PASSWORD = 'lantern harbour violet marmalade';

function membersCsv(n: number, code: string) {
  const lines = ['membership_number;first_name;last_name;email;phone;address_line_1;city;state;type;expiry;domain_code'];
  for (let i = 1; i <= n; i++) {
    const id = String(i).padStart(6, '0');
    lines.push(
      `BI${id};Member;"Imported, ${id}";member.${id}@bench.example.test;+1 555 ${id};${i} Lantern Row;Salem;MA;LARP;2027-11-30;${code}`,
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function freshDatabase(server: URL) {
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE}`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const url = new URL(server.toString());
  url.pathname = `/${DATABASE}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.migrate();
  const db = database.db;
  const [region] = await db
    .insert(locations)
    .values({ location_name: 'Bench region', location_code: 'BR', location_type: LOCATION_TYPE.REGION })
    .returning();
  await db.insert(locations).values({
    location_name: 'Bench domain',
    location_code: 'BENCHD',
    location_type: LOCATION_TYPE.DOMAIN,
    id_parent: region!.id_location,
    id_parent_location: String(region!.id_location),
  });
  const [by] = await db
    .insert(users)
    .values({
      user_fname: 'Bench',
      user_lname: 'Admin',
      user_camnum: 'BENCHADMIN',
      is_admin: true,
      password_hash: await hashPassword(ADMIN_PASSWORD),
    })
    .returning({ id: users.id_user });
  await db.insert(userEmails).values({ id_user: by!.id, email: ADMIN_EMAIL, is_verified: true });
  await database.close();
  return url.toString();
}

/** kB → MB of a /proc/PID/status line. */
async function memoryOf(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** The server's process.memoryUsage() in MB, as its /metrics reports it (prom-client's default metrics). */
async function heapOf(base: string, token: string) {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const mb = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(text)?.[1] ?? 0) / 1024 / 1024;
  const figures = {
    'heap used': mb('nodejs_heap_size_used_bytes'),
    'heap total': mb('nodejs_heap_size_total_bytes'),
    external: mb('nodejs_external_memory_bytes'),
  };
  const summary = Object.entries(figures)
    .map(([name, value]) => `${name} ${value.toFixed(0)} MB`)
    .join(', ');
  return { rss: mb('process_resident_memory_bytes'), text: summary };
}

export async function benchImport(opts: { postgres?: string; members: number; entry: ServerEntry }) {
  if (opts.entry === 'bundle') {
    execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../bundle-server.mjs')], { stdio: 'inherit' });
  }
  const url = await freshDatabase(new URL(opts.postgres ?? 'postgres://postgres@127.0.0.1:5432/postgres'));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'guildhall-bench-import-'));
  const port = await freePort();
  const metricsToken = 'bench-import-metrics';
  const server = await startServerProcess(
    port,
    {
      NODE_ENV: 'development',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      METRICS_TOKEN: metricsToken,
    },
    opts.entry,
  );
  const pid = server.child.pid!;
  try {
    const signIn = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`The bench admin could not sign in: ${signIn.status} ${await signIn.text()}`);
    const token = ((await signIn.json()) as { result: string }).result;
    const csv = membersCsv(opts.members, 'BENCHD');
    const baseline = (await memoryOf(pid)).rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      memoryOf(pid).then(
        (m) => {
          peak = Math.max(peak, m.rss);
        },
        () => {},
      );
    }, 50);
    // Where the memory is, from the server's own process.memoryUsage() (its Prometheus metrics): the sample taken at
    // the highest resident memory is printed at the end.
    let breakdown = { rss: 0, text: '' };
    const heapSampler = setInterval(() => {
      heapOf(server.base, metricsToken).then(
        (h) => {
          if (h.rss > breakdown.rss) breakdown = h;
        },
        () => {},
      );
    }, 500);
    const upload = async (label: string, dry_run: boolean) => {
      const started = performance.now();
      const res = await fetch(`${server.base}/api/imports?kind=members&dry_run=${dry_run}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', accept: 'application/x-ndjson' },
        body: csv,
      });
      if (!res.ok) throw new Error(`${label} answered ${res.status}: ${await res.text()}`);
      const lines = (await res.text())
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      const seconds = (performance.now() - started) / 1000;
      const result = lines.at(-1).result as { created: number; updated: number; skipped: number; errors: unknown[] };
      if (!result) throw new Error(`${label} ended without a result: ${JSON.stringify(lines.at(-1))}`);
      console.log(`  ${label}: ${seconds.toFixed(1)} s, ${lines.length - 1} progress lines (server peak so far ${peak.toFixed(0)} MB)`);
      return { result, seconds };
    };
    const how = opts.entry === 'bundle' ? 'the bundle under node' : 'server.ts through tsx';
    console.log(
      `Import of ${opts.members.toLocaleString('en')} members (${(csv.length / 1e6).toFixed(1)} MB of CSV) over HTTP, on PostgreSQL (server: ${how})`,
    );
    const dry = await upload('dry run (preview)', true);
    const apply = await upload('apply (one transaction)', false);
    const again = await upload('the same file again', false);
    clearInterval(sampler);
    clearInterval(heapSampler);
    const { hwm } = await memoryOf(pid);
    console.log(`  preview: ${dry.result.created} to create, ${dry.result.errors.length} errors`);
    console.log(`  applied: ${apply.result.created} created; again: ${again.result.created} created, ${again.result.skipped} unchanged`);
    console.log(
      `  API server process: ${baseline.toFixed(0)} MB after start and sign-in, ${peak.toFixed(0)} MB at its peak (VmHWM ${hwm.toFixed(0)} MB), ` +
        `growth ${(peak - baseline).toFixed(0)} MB`,
    );
    console.log(`  at the highest sampled resident memory (${breakdown.rss.toFixed(0)} MB): ${breakdown.text}`);
    const ok =
      apply.result.created === opts.members &&
      again.result.created + again.result.updated === 0 &&
      apply.seconds < BUDGET_SECONDS &&
      Math.max(peak, hwm) < BUDGET_MB;
    console.log(ok ? `  budgets met (apply < ${BUDGET_SECONDS} s, server < ${BUDGET_MB} MB)` : '  BUDGET MISSED');
    return ok;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
