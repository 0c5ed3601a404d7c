// The shipped shape, run for real (issue 27): builds the image from the Dockerfile, starts deploy/compose.yaml's
// services as Podman containers, read from the compose file itself, on a network of their own (PostgreSQL with its health check and a named volume, two
// portal replicas started once it is healthy, sharing one data volume, Caddy with deploy/Caddyfile in front), then
// through Caddy: the portal reaches its own sign-in provider, a member signs in, a write on one replica is read
// through the proxy, `npm run backup` works inside the image, and one replica stopped (SIGTERM through --init)
// under 10 s of autocannon loses no request. `npm test` and .ci/run run it; without Podman it says so and passes.
// Bases come from deploy/local-base.sh (no registry needed), cached outside the repository.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUN = `gh-ct-${process.pid}`;
const IMAGE = 'localhost/guildhall:container-test';
const started = Date.now();
const log = (message) => console.log(`container-test ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s  ${message}`);

function has(tool) {
  return spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
}

let env = process.env;
const podman = (...args) => execFileSync('podman', args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const podmanQuiet = (...args) => spawnSync('podman', args, { env, stdio: 'ignore' }).status === 0;

function fail(message) {
  console.error(`\ncontainer-test FAILED: ${message}\n`);
  process.exitCode = 1;
  throw new Error(message);
}
function check(condition, message) {
  if (!condition) fail(message);
}

async function until(what, seconds, probe) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) fail(`${what} did not happen within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function call(base, method, url, { token, body } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
}

/** deploy/compose.yaml with its ${VAR}, ${VAR:-default} and ${VAR:?message} filled in from `vars`, as compose does. */
function loadCompose(vars) {
  const text = readFileSync(path.join(ROOT, 'deploy/compose.yaml'), 'utf8').replace(
    /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (_, name, op, arg) => {
      if (vars[name]) return vars[name];
      if (op === '?') fail(`compose.yaml needs ${name}: ${arg}`);
      return op === '-' ? arg : '';
    },
  );
  return parse(text, { merge: true });
}

/** One service of the compose file as a Podman container on the run's network: its image, init, environment,
 * volumes (named ones per run), health check and ports (on 127.0.0.1), plus `extra` arguments. */
function runService(compose, name, extra = []) {
  const service = compose.services[name];
  const args = ['run', '-d', '--name', `${RUN}-${name}`, '--network', RUN, '--network-alias', name];
  if (service.init) args.push('--init');
  for (const [key, value] of Object.entries(service.environment ?? {})) {
    // A bare `KEY:` (null) is compose's "from the shell, if set": unset here.
    if (value !== null) args.push('-e', `${key}=${value}`);
  }
  for (const volume of service.volumes ?? []) {
    const [source, ...rest] = volume.split(':');
    const from = source.startsWith('.') ? path.resolve(ROOT, 'deploy', source) : `${RUN}-${source}`;
    args.push('-v', [from, ...rest].join(':'));
  }
  if (service.healthcheck) args.push('--health-cmd', service.healthcheck.test.slice(1).join(' '));
  for (const port of service.ports ?? []) args.push('-p', `127.0.0.1:${port}`);
  podman(...args, ...extra, service.image);
}

/** A member's browser, enough for the embedded provider: a cookie jar and redirects followed by hand. */
async function signInThroughSso(publicUrl, email, password) {
  const cookies = new Map();
  const go = async (url, init = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return { res, next: res.headers.get('location') ? new URL(res.headers.get('location'), url) : undefined };
  };
  const { result } = (await call(publicUrl, 'GET', '/api/auth/config')).body;
  const verifier = randomBytes(48).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const redirectUri = `${publicUrl}/oauth/callback`;
  const authorize = new URL(result.authorizationEndpoint);
  const params = {
    response_type: 'code',
    client_id: result.clientId,
    redirect_uri: redirectUri,
    scope: result.scope,
    state,
    prompt: 'login',
  };
  for (const [k, v] of Object.entries(params)) authorize.searchParams.set(k, v);
  authorize.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
  authorize.searchParams.set('code_challenge_method', 'S256');
  let { next } = await go(authorize.toString());
  check(next?.pathname.startsWith('/interaction/'), `the provider sent the browser to ${next}`);
  const page = await go(next.toString());
  check(page.res.status === 200, `the sign-in page answered ${page.res.status}`);
  ({ next } = await go(`${next}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  }));
  for (let hops = 0; hops < 5 && next && next.pathname !== '/oauth/callback'; hops++) ({ next } = await go(next.toString()));
  check(next?.pathname === '/oauth/callback', `the sign-in did not come back to the portal (${next})`);
  const exchanged = await call(publicUrl, 'POST', '/api/auth/exchange', {
    body: {
      code: next.searchParams.get('code'),
      state: next.searchParams.get('state'),
      iss: next.searchParams.get('iss') ?? undefined,
      codeVerifier: verifier,
      redirectUri,
    },
  });
  check(exchanged.status === 200, `the code exchange answered ${exchanged.status} ${JSON.stringify(exchanged.body)}`);
  return exchanged.body.result;
}

const freePort = () => 18000 + Math.floor(Math.random() * 1500);

async function main() {
  if (!has('podman')) {
    console.log('container-test: skipped — no container engine (Debian: apt-get install podman runc debootstrap; .ci/run does)');
    return;
  }
  const base = process.env.GUILDHALL_NODE_BASE;
  if (!base) {
    log('base images (deploy/local-base.sh; cached)');
    const exports = execFileSync(path.join(ROOT, 'deploy/local-base.sh'), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    env = { ...process.env };
    for (const [, key, value] of exports.matchAll(/(\w+)='([^']*)'/g)) env[key] = value;
  }
  log('building the image');
  execFileSync(
    'podman',
    [
      'build',
      '--format',
      'docker',
      '--network',
      'host',
      '--build-arg',
      `NODE_BASE=${base ?? 'localhost/node:22-bookworm-slim'}`,
      '-t',
      IMAGE,
      '.',
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );

  const proxyPort = freePort();
  const replicaPorts = [proxyPort + 1, proxyPort + 2];
  const publicUrl = `http://localhost:${proxyPort}`;
  const password = `pw-${process.pid}-${Date.now()}`;
  // deploy/.env for this run: the images made here, the trial's localhost, the demo society to sign in with.
  const compose = loadCompose({
    SITE_ADDRESS: 'http://localhost',
    PUBLIC_URL: publicUrl,
    HTTP_PORT: String(proxyPort),
    HTTPS_PORT: String(proxyPort + 3),
    POSTGRES_PASSWORD: password,
    TOKEN_SECRET: `token-secret-${password}-0123456789abcdef`,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    PORTAL_IMAGE: IMAGE,
    POSTGRES_IMAGE: process.env.POSTGRES_IMAGE ?? 'localhost/postgres:15',
    CADDY_IMAGE: process.env.CADDY_IMAGE ?? 'localhost/caddy:2',
  });
  podman('network', 'create', RUN);
  try {
    log('PostgreSQL');
    runService(compose, 'postgres');
    // depends_on: service_healthy (Podman runs health checks from systemd timers; there are none here, so ask).
    for (const replica of ['portal-1', 'portal-2']) {
      check(compose.services[replica].depends_on.postgres.condition === 'service_healthy', `${replica} does not wait for PostgreSQL`);
    }
    await until('PostgreSQL healthy', 60, async () => podmanQuiet('healthcheck', 'run', `${RUN}-postgres`));

    log('two portal replicas');
    // Published here only so that the test can write on one replica directly; compose publishes Caddy alone.
    for (const [i, port] of replicaPorts.entries()) runService(compose, `portal-${i + 1}`, ['-p', `127.0.0.1:${port}:3000`]);
    const replicas = replicaPorts.map((p) => `http://127.0.0.1:${p}`);
    for (const r of replicas) await until(`${r} ready`, 120, async () => (await fetch(`${r}/api/ready`)).ok);
    check(podmanQuiet('healthcheck', 'run', `${RUN}-portal-1`), "the image's HEALTHCHECK failed");
    check(podman('exec', `${RUN}-portal-1`, 'id', '-u') === '1000', 'the portal does not run as the node user');

    log('Caddy');
    runService(compose, 'caddy');
    await until('Caddy answering', 30, async () => (await fetch(`${publicUrl}/api/ready`)).ok);

    log('through Caddy: a member signs in at the embedded provider, a write on one replica is read through the proxy');
    const config = await call(publicUrl, 'GET', '/api/auth/config');
    check(
      config.status === 200 && config.body.result.authorizationEndpoint === `${publicUrl}/sso/auth`,
      `auth config: ${JSON.stringify(config)}`,
    );
    // As a member does: the society's sign-in page (the embedded provider) and back, every step through Caddy.
    const token = await signInThroughSso(publicUrl, 'member@guildhall.test', 'guildhall-demo');
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const id = Number(claims.sub);
    const me = (await call(replicas[0], 'GET', `/api/user/${id}`, { token })).body.result;
    const nick = `Container-${process.pid}`;
    const saved = await call(replicas[0], 'POST', `/api/user/${id}`, {
      token,
      body: {
        id_user: id,
        user_nick: nick,
        user_prefix: me.user_prefix ?? undefined,
        user_bday: me.user_bday ?? undefined,
        tbl_user_email: { id_email: me.tbl_user_email.id_email, email: me.tbl_user_email.email },
        tbl_user_phone: { id_phone: me.tbl_user_phone.id_phone, phone_number: me.tbl_user_phone.phone_number || '+1 555 0100' },
        tbl_user_address: {
          id_address: me.tbl_user_address.id_address,
          addr_line_1: me.tbl_user_address.addr_line_1 || '1 Main St',
          addr_city: me.tbl_user_address.addr_city || 'Crimson Harbor',
          addr_state: me.tbl_user_address.addr_state || 'MA',
        },
      },
    });
    check(saved.status === 200, `write on replica 1: ${saved.status} ${JSON.stringify(saved.body)}`);
    for (let i = 0; i < 4; i++) {
      const read = await call(publicUrl, 'GET', `/api/user/${id}`, { token });
      check(read.body.result?.user_nick === nick, `read through Caddy: ${JSON.stringify(read.body).slice(0, 200)}`);
    }

    log('npm run backup inside the image');
    const backup = podman('exec', `${RUN}-portal-2`, 'npm', 'run', '--silent', 'backup', '--', '--out', '/data/backups');
    check(/database\.pgdump, secrets\.json/.test(backup), `backup in the image: ${backup}`);

    log('stopping replica 1 under 10 s of autocannon through Caddy');
    const load = autocannon({
      url: `${publicUrl}/api/user/${id}`,
      headers: { authorization: `Bearer ${token}` },
      connections: 20,
      duration: 10,
    });
    await new Promise((r) => setTimeout(r, 3000));
    podman('stop', '-t', String(Number.parseInt(compose.services['portal-1'].stop_grace_period, 10)), `${RUN}-portal-1`);
    const result = await load;
    const exitCode = podman('inspect', `${RUN}-portal-1`, '--format', '{{.State.ExitCode}}');
    log(
      `${result['2xx']} answered 2xx, ${result.non2xx} other, ${result.errors} errors, ${result.timeouts} timeouts; replica 1 exited ${exitCode}`,
    );
    check(result.errors === 0 && result.timeouts === 0 && result.non2xx === 0, 'a request failed while a replica stopped');
    check(result['2xx'] > 200, 'too few requests were answered to tell');
    check(exitCode === '0', `replica 1 exited with ${exitCode}, not 0, on SIGTERM`);
    log('passed');
  } finally {
    if (process.exitCode) {
      for (const name of ['portal-1', 'portal-2', 'caddy'])
        spawnSync('podman', ['logs', '--tail', '20', `${RUN}-${name}`], { env, stdio: 'inherit' });
    }
    for (const name of ['caddy', 'portal-1', 'portal-2', 'postgres']) podmanQuiet('rm', '-f', '-t', '0', `${RUN}-${name}`);
    for (const volume of ['postgres-data', 'portal-data', 'caddy-data', 'caddy-config'])
      podmanQuiet('volume', 'rm', '-f', `${RUN}-${volume}`);
    podmanQuiet('network', 'rm', '-f', RUN);
  }
}

main().catch((error) => {
  if (!process.exitCode) console.error(error);
  process.exitCode = 1;
});
