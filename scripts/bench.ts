// npm run bench: performance budgets, measured beside a Fastify hello-world in the same run (issue 8).
//   PGlite (default): the demo society (--demo) or a scale society of --members N, kept in ./data-bench.
//   PostgreSQL: --postgres URL [--members 100000]; seeds an empty database once, then ANALYZEs.
// Loads each endpoint with autocannon in its own process (50 connections, 127.0.0.1 only), prints req/s and
// latencies, and exits 1 when a budget is missed. Options: --duration S (default 5), --port P (default: any free
// port; the hello-world listens on P+1), --connections C (default 50), --fresh (PGlite: start from an empty directory),
// --only REGEX (measure only the calls whose name matches).
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { hashPassword } from '../apps/api/src/auth/passwords';
import { loadConfig } from '../apps/api/src/config';
import { isEmpty, openDatabase } from '../apps/api/src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/db/demo-society/demo';
import { seedSociety } from '../apps/api/src/db/demo-society/generate';
import { loadSecrets } from '../apps/api/src/secrets';

const { values } = parseArgs({
  options: {
    postgres: { type: 'string' },
    members: { type: 'string' },
    demo: { type: 'boolean', default: false },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '0' },
    fresh: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const onPostgres = Boolean(values.postgres);
const members = values.demo ? 0 : Number(values.members ?? (onPostgres ? 100_000 : 20_000));
const connections = Number(values.connections);
const duration = Number(values.duration);
const port = Number(values.port);
const dir = path.resolve(import.meta.dirname, '..', 'data-bench', values.demo ? 'demo' : String(members));
if (values.fresh && !onPostgres) await rm(dir, { recursive: true, force: true });

const database = await openDatabase(
  onPostgres ? { kind: 'postgres', url: values.postgres!, statementTimeoutMs: 0 } : { kind: 'pglite', dir },
);
await database.migrate();
const db = database.db;
if (await isEmpty(db)) {
  const started = performance.now();
  if (values.demo) await seedDemo(db);
  else {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.transaction((tx) => seedSociety(tx, { members, passwordHash }));
  }
  console.log(
    `Seeded ${values.demo ? 'the demo society' : `${members} members`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
await database.analyze();
const society = values.demo ? 'the demo society' : `${members.toLocaleString('en')} members`;
console.log(`Database: ${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${society}; ${connections} connections, ${duration} s per call\n`);

const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

// 1. The plans: filters of the membership lookup must not scan the whole table.
const plans: [string, ReturnType<typeof sql>, RegExp][] = [
  [
    'name prefix',
    sql`explain select id_user from users where translate(lower(coalesce(user_lname, '')), 'áàâäãåāçćčéèêëēėęíìîïīñńóòôöõøōúùûüūýÿžźż', 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzz') like 'lovel%'`,
    /users_fold_lname_idx/,
  ],
  [
    'membership number prefix',
    sql`explain select id_user from users where user_camnum like 'US2019001%'`,
    /users_camnum_pattern_idx|users_camnum_uq/,
  ],
  [
    'prestige of a member',
    sql`explain select * from prestige where id_user = 42 order by prestige_datetime desc limit 10`,
    /prestige_user_datetime_idx/,
  ],
];
let failed = false;
for (const [name, query, expected] of plans) {
  const plan = (await rows(query)).map((r) => Object.values(r)[0]).join('\n');
  const ok = expected.test(plan);
  // A tiny table is read whole whatever the indexes: only a large society says something about them.
  const matters = values.demo ? false : !ok;
  failed ||= matters;
  console.log(`${ok ? 'ok  ' : values.demo ? 'n/a ' : 'FAIL'} plan: ${name} uses ${expected.source}${matters ? `\n${plan}` : ''}`);
}

// 2. Throughput and latency through the whole stack (HTTP, auth, validation, SQL, serialisation).
const [staff] = await rows(
  sql`select e.email from positions p join user_emails e on e.id_user = p.id_user where p.pos_type = 'DC' order by p.id_position limit 1`,
);
const [member] = await rows(
  sql`select u.id_user, e.email from users u join user_emails e on e.id_user = u.id_user order by u.id_user limit 1 offset 100`,
);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'error',
  DATA_DIR: dir,
  PUBLIC_URL: 'http://127.0.0.1:3999',
  SEED_DEMO: 'false',
  HOST: '127.0.0.1',
  PORT: String(port),
});
const app = await buildApp(config, db, await loadSecrets(dir, {}));
await app.listen({ host: '127.0.0.1', port });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
await hello.listen({ host: '127.0.0.1', port: port ? port + 1 : 0 });
const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/`;

const signIn = async (email: unknown) => {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { result: string }).result;
};
// A coordinator looks members up; a member reads their own record.
const staffToken = await signIn(staff!.email);
const memberToken = await signIn(member!.email);
const id = Number(member!.id_user);
const lastPage = Math.max(1, Math.floor((values.demo ? 244 : members) / 10) - 10);

interface Load {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const run = promisify(execFile);
const autocannonBin = path.resolve(import.meta.dirname, '..', 'node_modules', 'autocannon', 'autocannon.js');
/** autocannon in a process of its own, so the load generator does not share the server's event loop. */
async function load(url: string, token?: string, warmUp = false): Promise<Load> {
  const args = [
    autocannonBin,
    '-j',
    '-c',
    String(connections),
    ...(warmUp ? ['-a', String(connections * 4)] : ['-d', String(duration)]),
    ...(token ? ['-H', `authorization=Bearer ${token}`] : []),
    url,
  ];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as Load;
}

// Budgets from issue 8's "Done when" (this 2-core machine, 50 connections).
type Budget = { p99?: number; shareOfHello?: number };
const lookupBudget: Budget = onPostgres ? { p99: 50 } : { p99: 100 };
const readBudget: Budget = onPostgres ? {} : { p99: 100 };
const calls: [string, string, string | undefined, Budget][] = [
  ['member record (own)', `/api/user/${id}`, memberToken, onPostgres ? { shareOfHello: 0.1 } : { shareOfHello: 0.02, p99: 100 }],
  ['overview figures', `/api/user/${id}/overview`, memberToken, onPostgres ? { p99: 50 } : { p99: 100 }],
  ['prestige record', `/api/prestiges/user/${id}?sortBy=prestige_general&direction=asc`, memberToken, readBudget],
  ['notifications', '/api/notifications', memberToken, readBudget],
  ['lookup, default page', '/api/users', staffToken, lookupBudget],
  ['lookup by name "ada lo"', '/api/users?name=ada%20lo', staffToken, lookupBudget],
  ['lookup by number', '/api/users?membershipCode=US2019', staffToken, lookupBudget],
  [`lookup, page ${lastPage}`, `/api/users?page=${lastPage}`, staffToken, lookupBudget],
  ['domains', '/api/domains', staffToken, readBudget],
  // Issue 10: a player's characters and the character search (a coordinator may search).
  ['my characters', `/api/characters/user/${id}`, memberToken, readBudget],
  ['character search, default', '/api/characters', staffToken, readBudget],
  ['character search by player', '/api/characters?sortBy=player_name&direction=desc', staffToken, readBudget],
];

// Warm up first (JIT, prepared statements, caches), so the first call measured is not the slowest.
await load(helloUrl, undefined, true);
const helloResult = await load(helloUrl);
const helloRps = helloResult.requests.average;
const line = (name: string, r: Load, budget: string, verdict: string) =>
  console.log(
    `${name.padEnd(30)} ${r.requests.average.toFixed(0).padStart(8)} ${((r.requests.average / helloRps) * 100).toFixed(1).padStart(7)}% ${String(r.latency.p50).padStart(7)} ${String(r.latency.p99).padStart(7)}  ${budget.padEnd(20)} ${verdict}`,
  );
console.log(
  `\n${'call'.padEnd(30)} ${'req/s'.padStart(8)} ${'hello'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  ${'budget'.padEnd(20)}`,
);
line('Fastify hello-world', helloResult, '', '');
for (const [name, url, token, budget] of calls) {
  if (values.only && !new RegExp(values.only, 'i').test(name)) continue;
  await load(`${base}${url}`, token, true);
  const r = await load(`${base}${url}`, token);
  const problems: string[] = [];
  if (budget.p99 !== undefined && r.latency.p99 > budget.p99) problems.push('p99');
  if (budget.shareOfHello !== undefined && r.requests.average < budget.shareOfHello * helloRps) problems.push('req/s');
  if (r.non2xx || r.errors || r.timeouts) problems.push(`${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  failed ||= problems.length > 0;
  const wanted = [
    budget.shareOfHello !== undefined ? `≥ ${budget.shareOfHello * 100}% hello` : '',
    budget.p99 !== undefined ? `p99 ≤ ${budget.p99}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  line(name, r, wanted, problems.length ? `OVER (${problems.join('; ')})` : 'ok');
}
await app.close();
await hello.close();
await database.close();
console.log(failed ? '\nSome budgets were missed.' : '\nAll budgets met.');
process.exit(failed ? 1 : 0);
