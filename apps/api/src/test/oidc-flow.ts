// A scripted browser for OpenID Connect sign-ins in API tests: the portal's authorization request (PKCE,
// state), the provider's sign-in page, redirects back to the portal's callback, and POST /auth/exchange.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../db/demo-society/demo';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A cookie jar, enough for the provider's cookies; relative redirects resolve against the last URL. */
export class Browser {
  cookies = new Map<string, string>();
  async fetch(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return res;
  }
}

export const b64url = (buf: Buffer) => buf.toString('base64url');

export interface Flow {
  portal: string;
  browser: Browser;
  verifier: string;
  state: string;
  redirectUri: string;
  interactionUrl: string;
}

/** Starts a sign-in as the portal's Login card does; answers the provider's sign-in page, or an error callback. */
export async function startFlow(portal: string, opts: { pkce?: boolean } = {}): Promise<Flow | URL> {
  const config = (await (await fetch(`${portal}/api/auth/config`)).json()) as {
    result: { authorizationEndpoint: string; clientId: string; scope: string };
  };
  const verifier = b64url(randomBytes(48));
  const state = b64url(randomBytes(16));
  const redirectUri = `${portal}/oauth/callback`;
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
  const location = new URL(res.headers.get('location')!, url);
  if (location.pathname === '/oauth/callback') return location;
  expect(location.pathname).toMatch(/^\/interaction\/[\w-]+$/);
  return { portal, browser, verifier, state, redirectUri, interactionUrl: location.toString() };
}

export function submitPassword(flow: Flow, email: string, password: string) {
  return flow.browser.fetch(`${flow.interactionUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
}

/** Signs in on the provider's page and follows the redirects back to the portal's callback. */
export async function signInAtProvider(flow: Flow, email = 'member@guildhall.test'): Promise<URL> {
  const page = await flow.browser.fetch(flow.interactionUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Guildhall sign-in');
  const login = await submitPassword(flow, email, DEMO_PASSWORD);
  expect(login.status).toBe(303);
  let next = new URL(login.headers.get('location')!, flow.interactionUrl);
  for (let hops = 0; hops < 5 && next.pathname !== '/oauth/callback'; hops++) {
    const res = await flow.browser.fetch(next.toString());
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(400);
    next = new URL(res.headers.get('location')!, next);
  }
  expect(next.pathname).toBe('/oauth/callback');
  return next;
}

export const exchange = (portal: string, body: Record<string, unknown>) =>
  fetch(`${portal}/api/auth/exchange`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const callbackBody = (flow: Flow, callback: URL, overrides: Record<string, unknown> = {}) => ({
  code: callback.searchParams.get('code'),
  state: callback.searchParams.get('state'),
  iss: callback.searchParams.get('iss') ?? undefined,
  codeVerifier: flow.verifier,
  redirectUri: flow.redirectUri,
  ...overrides,
});
