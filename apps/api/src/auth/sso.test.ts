// The whole sign-in over real HTTP: the SPA's authorization request, the embedded provider's sign-in page,
// the callback's code, and POST /auth/exchange — PKCE, single-use codes and the SSO page's own limits.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/demo-society/demo';
import { bearer, createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let base: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  t = await createTestApp({ PUBLIC_URL: base });
  await t.app.listen({ port, host: 'localhost' });
});
afterAll(async () => {
  await t?.close();
});

/** A browser's cookie jar, enough for the provider's cookies. */
class Browser {
  cookies = new Map<string, string>();
  async fetch(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(url, base), { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return res;
  }
}

const b64url = (buf: Buffer) => buf.toString('base64url');

interface Flow {
  browser: Browser;
  verifier: string;
  state: string;
  redirectUri: string;
  interactionUrl: string;
}

async function startFlow(opts: { pkce?: boolean } = {}): Promise<Flow | URL> {
  const config = (await (await fetch(`${base}/api/auth/config`)).json()) as {
    result: { authorizationEndpoint: string; clientId: string; scope: string };
  };
  const verifier = b64url(randomBytes(48));
  const state = b64url(randomBytes(16));
  const redirectUri = `${base}/oauth/callback`;
  const url = new URL(config.result.authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.result.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', config.result.scope);
  url.searchParams.set('state', state);
  url.searchParams.set('prompt', 'login');
  if (opts.pkce !== false) {
    url.searchParams.set('code_challenge', b64url(createHash('sha256').update(verifier).digest()));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  const browser = new Browser();
  const res = await browser.fetch(url.toString());
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!, base);
  if (location.pathname === '/oauth/callback') return location;
  expect(location.pathname).toMatch(/^\/interaction\/[\w-]+$/);
  return { browser, verifier, state, redirectUri, interactionUrl: location.toString() };
}

async function submitPassword(flow: Flow, email: string, password: string) {
  const form = new URLSearchParams({ email, password });
  return flow.browser.fetch(`${flow.interactionUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
}

/** Signs in on the provider's page and follows it back to the callback; returns the callback URL. */
async function signInAtProvider(flow: Flow, email = 'member@guildhall.test'): Promise<URL> {
  const page = await flow.browser.fetch(flow.interactionUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Guildhall sign-in');
  const login = await submitPassword(flow, email, DEMO_PASSWORD);
  expect(login.status).toBe(303);
  let next = new URL(login.headers.get('location')!, base);
  for (let hops = 0; hops < 5 && next.pathname !== '/oauth/callback'; hops++) {
    const res = await flow.browser.fetch(next.toString());
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(400);
    next = new URL(res.headers.get('location')!, base);
  }
  expect(next.pathname).toBe('/oauth/callback');
  return next;
}

const exchange = (body: Record<string, unknown>) =>
  fetch(`${base}/api/auth/exchange`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const callbackBody = (flow: Flow, callback: URL, overrides: Record<string, unknown> = {}) => ({
  code: callback.searchParams.get('code'),
  state: callback.searchParams.get('state'),
  iss: callback.searchParams.get('iss') ?? undefined,
  codeVerifier: flow.verifier,
  redirectUri: flow.redirectUri,
  ...overrides,
});

describe('signing in through the embedded provider', () => {
  it('publishes the authorization endpoint and client id for the Login card', async () => {
    const res = await fetch(`${base}/api/auth/config`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      result: { authorizationEndpoint: `${base}/sso/auth`, clientId: 'guildhall-portal', scope: 'openid email', external: false },
    });
  });

  it('exchanges the code for a token of the member who signed in', async () => {
    const flow = (await startFlow()) as Flow;
    const callback = await signInAtProvider(flow);
    expect(callback.searchParams.get('state')).toBe(flow.state);
    const res = await exchange(callbackBody(flow, callback));
    expect(res.status).toBe(200);
    const token = ((await res.json()) as { result: string }).result;
    const id = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).id;
    expect(id).toBe(await t.idOf('member@guildhall.test'));
    const me = await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a code used a second time', async () => {
    const flow = (await startFlow()) as Flow;
    const callback = await signInAtProvider(flow);
    expect((await exchange(callbackBody(flow, callback))).status).toBe(200);
    const again = await exchange(callbackBody(flow, callback));
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe('The sign-in code is invalid or has expired. Please try again.');
  });

  it('refuses a wrong PKCE verifier', async () => {
    const flow = (await startFlow()) as Flow;
    const callback = await signInAtProvider(flow);
    const res = await exchange(callbackBody(flow, callback, { codeVerifier: b64url(randomBytes(48)) }));
    expect(res.status).toBe(400);
  });

  it('refuses a missing PKCE verifier', async () => {
    const flow = (await startFlow()) as Flow;
    const callback = await signInAtProvider(flow);
    const res = await exchange(callbackBody(flow, callback, { codeVerifier: undefined }));
    expect(res.status).toBe(400);
  });

  it('refuses an authorization request without PKCE', async () => {
    const result = await startFlow({ pkce: false });
    expect(result).toBeInstanceOf(URL);
    expect((result as URL).searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a callback address that is not registered', async () => {
    const flow = (await startFlow()) as Flow;
    const callback = await signInAtProvider(flow);
    const res = await exchange(callbackBody(flow, callback, { redirectUri: 'https://evil.example/oauth/callback' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe('redirectUri');
  });

  it('shows a clear error on the sign-in page for a wrong password, the same as for an unknown email', async () => {
    const flow = (await startFlow()) as Flow;
    const wrong = await submitPassword(flow, 'member@guildhall.test', 'not-the-password');
    expect(wrong.status).toBe(401);
    const html = await wrong.text();
    expect(html).toContain('Incorrect email or password.');
    expect(html).toContain('value="member@guildhall.test"');
    const unknown = await submitPassword(flow, 'nobody@guildhall.test', 'not-the-password');
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain('Incorrect email or password.');
  });

  it('escapes what the visitor typed when it shows the page again', async () => {
    const flow = (await startFlow()) as Flow;
    const res = await submitPassword(flow, '"><script>alert(1)</script>', 'x');
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });
});
