// npm run bench: performance budgets on a large society. Seeds one (once, kept in ./data-bench), checks that
// the lookup's filters use their indexes, then loads the list endpoints with autocannon on 127.0.0.1 only and
// fails when a p99 latency is over its budget. Options: --members N (default 20000), --duration S (default 5).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { hashPassword } from '../apps/api/src/auth/passwords';
import { loadConfig } from '../apps/api/src/config';
import { isEmpty, openDatabase } from '../apps/api/src/db/client';
import { DEMO_PASSWORD } from '../apps/api/src/db/demo-society/demo';
import { seedSociety } from '../apps/api/src/db/demo-society/generate';
import { loadSecrets } from '../apps/api/src/secrets';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '5' },
    fresh: { type: 'boolean', default: false },
  },
});
const members = Number(values.members);
const dir = path.resolve(import.meta.dirname, '..', 'data-bench', String(members));
if (values.fresh) await rm(dir, { recursive: true, force: true });

const database = await openDatabase({ kind: 'pglite', dir });
await database.migrate();
const db = database.db;
if (await isEmpty(db)) {
  const started = performance.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction((tx) => seedSociety(tx, { members, passwordHash }));
  console.log(`Seeded ${members} members in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
await db.execute(sql`analyze`);

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
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'FAIL'} plan: ${name} uses ${expected.source}${ok ? '' : `\n${plan}`}`);
}

// 2. Latency under load, through the whole stack (HTTP, auth, validation, SQL, serialisation).
const [staff] = await rows(
  sql`select e.email from positions p join user_emails e on e.id_user = p.id_user where p.pos_type = 'DC' order by p.id_position limit 1`,
);
const [member] = await rows(
  sql`select u.id_user, e.email from users u join user_emails e on e.id_user = u.id_user order by u.id_user limit 1 offset 100`,
);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dir,
  PUBLIC_URL: 'http://127.0.0.1:3999',
  SEED_DEMO: 'false',
  HOST: '127.0.0.1',
  PORT: '0',
});
const app = await buildApp(config, db, await loadSecrets(dir, {}));
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
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

/** p99 budgets in milliseconds on PGlite with 10 connections on this 2-core machine. */
const budgets: [string, string, string, number][] = [
  ['member record', `/api/user/${id}`, memberToken, 150],
  ['overview figures', `/api/user/${id}/overview`, memberToken, 250],
  ['prestige record', `/api/prestiges/user/${id}?sortBy=prestige_general&direction=asc`, memberToken, 150],
  ['notifications', '/api/notifications', memberToken, 150],
  ['membership lookup, default page', '/api/users', staffToken, 250],
  ['membership lookup by name', '/api/users?name=ada%20lo', staffToken, 250],
  ['membership lookup by number', '/api/users?membershipCode=US2019', staffToken, 250],
  ['domains', '/api/domains', staffToken, 250],
];
console.log(`\n${'endpoint'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'budget'.padStart(8)}`);
for (const [name, url, token, budget] of budgets) {
  const result = await autocannon({
    url: `${base}${url}`,
    connections: 10,
    duration: Number(values.duration),
    headers: { authorization: `Bearer ${token}` },
  });
  const ok = result.latency.p99 <= budget && result.non2xx === 0 && result.errors === 0;
  failed ||= !ok;
  console.log(
    `${name.padEnd(34)} ${result.requests.average.toFixed(0).padStart(8)} ${String(result.latency.p50).padStart(8)} ${String(result.latency.p99).padStart(8)} ${String(budget).padStart(8)} ${ok ? 'ok' : `OVER${result.non2xx ? ` (${result.non2xx} non-2xx)` : ''}`}`,
  );
}
await app.close();
await database.close();
console.log(failed ? '\nSome budgets were missed.' : '\nAll budgets met.');
process.exit(failed ? 1 : 0);
