// A scripted browser for OpenID Connect sign-ins in API tests: the portal's authorization request (PKCE,
// state), the provider's sign-in page, redirects back to the portal's callback, and POST /auth/exchange.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../db/demo-society/demo';

/**
 * A port no server of this machine answers on, held for the test: every connection is dropped at once. A port
 * merely closed can be taken meanwhile by another test file's server (one answered 200 in a CI run).
 */
export async function refusingPort(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as { port: number }).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The ports freePort gave this file. */
const handedOut = new Set<number>();

/**
 * A port to listen on a moment later, when its number must be known first (a provider's redirect URIs name the
 * portal). Taken below the kernel's ephemeral range (32768 and up here), where servers listening on port 0 (other
 * test files running meanwhile) are never given it, and in a block of its own for each Vitest worker, so two
 * files running at once never pick the same; a port found taken is skipped.
 */
export async function freePort(): Promise<number> {
  const block = 20_000 + (Number(process.env.VITEST_POOL_ID ?? process.pid) % 12) * 1_000;
  for (;;) {
    const port = block + Math.floor(Math.random() * 1_000);
    // Not one handed out already: a file may take several ports before it listens on any of them.
    if (handedOut.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free && !handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
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

/**
 * Starts a sign-in as the portal's Login card does (prompt=login unless told otherwise); answers the provider's
 * sign-in page, or the callback when the provider answers at once (an error, or a live session without prompt).
 */
export async function startFlow(
  portal: string,
  opts: { pkce?: boolean; prompt?: string | null; browser?: Browser } = {},
): Promise<Flow | URL> {
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
  if (opts.prompt !== null) url.searchParams.set('prompt', opts.prompt ?? 'login');
  if (opts.pkce !== false) {
    url.searchParams.set('code_challenge', b64url(createHash('sha256').update(verifier).digest()));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  const browser = opts.browser ?? new Browser();
  let res = await browser.fetch(url.toString());
  expect(res.status).toBe(303);
  let location = new URL(res.headers.get('location')!, url);
  // A live provider session without prompt=login goes straight on (through the provider's resume step).
  const onward = (l: URL) => l.origin === url.origin && l.pathname !== '/oauth/callback' && !l.pathname.startsWith('/interaction/');
  for (let hops = 0; hops < 5 && onward(location); hops++) {
    res = await browser.fetch(location.toString());
    expect(res.status).toBeGreaterThanOrEqual(300);
    location = new URL(res.headers.get('location')!, location);
  }
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
export async function signInAtProvider(flow: Flow, email = 'member@guildhall.test', pageText = 'Guildhall sign-in'): Promise<URL> {
  const page = await flow.browser.fetch(flow.interactionUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(pageText);
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

/** RP-initiated logout as a browser does it: open the provider's end-session page, confirm it, follow the redirect. */
export async function signOutAtProvider(browser: Browser, endSessionUrl: string): Promise<URL> {
  const page = await browser.fetch(endSessionUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
  expect(action).toBeTruthy();
  expect(xsrf).toBeTruthy();
  const confirm = await browser.fetch(new URL(action!.replace(/&amp;/g, '&'), endSessionUrl).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
  });
  expect(confirm.status).toBe(303);
  return new URL(confirm.headers.get('location')!, endSessionUrl);
}
