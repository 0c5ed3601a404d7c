// The whole sign-in over real HTTP: the SPA's authorization request, the embedded provider's sign-in page,
// the callback's code, and POST /auth/exchange — PKCE, single-use codes and the SSO page's own limits.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  b64url,
  Browser,
  callbackBody,
  exchange as exchangeAt,
  type Flow,
  signInAtProvider,
  signOutAtProvider,
  startFlow as startFlowAt,
  submitPassword,
} from '../test/oidc-flow';
import { bearer, createListeningTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let base: string;

beforeAll(async () => {
  ({ t, base } = await createListeningTestApp());
});
afterAll(async () => {
  await t?.close();
});

const startFlow = (opts: { pkce?: boolean; prompt?: string | null; browser?: Browser } = {}) => startFlowAt(base, opts);
const exchange = (body: Record<string, unknown>) => exchangeAt(base, body);

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

describe('errors of the code exchange', () => {
  it('answers POST /auth/exchange {"code":"x"} (no iss, no state) with 400, not 500', async () => {
    const res = await exchange({ code: 'x' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('auth.issuer_missing');
  });

  it('answers a made-up code with the issuer given with 400', async () => {
    const res = await exchange({ code: 'x', iss: `${base}/sso` });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('The sign-in code is invalid or has expired. Please try again.');
  });

  it('answers a pushed request’s address holding a NUL character as an unknown one (invalid_request_uri), not 500', async () => {
    const { clientId } = ((await (await fetch(`${base}/api/auth/config`)).json()) as { result: { clientId: string } }).result;
    const requestUri = encodeURIComponent('urn:ietf:params:oauth:request_uri:x\u0000y');
    const res = await fetch(`${base}/sso/auth?client_id=${clientId}&request_uri=${requestUri}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('invalid_request_uri');
  });
});

describe('logout through the embedded provider', () => {
  it('ends the provider session too, returns to plain /login, and the next sign-in asks for the password', async () => {
    const browser = new Browser();
    const flow = (await startFlow({ browser })) as Flow;
    const token = ((await (await exchange(callbackBody(flow, await signInAtProvider(flow)))).json()) as { result: string }).result;
    // The provider's session lives: without prompt=login the browser would be signed in with no password.
    expect(await startFlow({ browser, prompt: null })).toBeInstanceOf(URL);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token), payload: {} });
    expect(out.statusCode).toBe(200);
    const endSessionUrl = out.json().result.endSessionUrl as string;
    const endSession = new URL(endSessionUrl);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${base}/sso/session/end`);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${base}/login`);
    expect(endSession.searchParams.get('id_token_hint')!.split('.')).toHaveLength(3);

    // The sign-out page sends itself (same-origin script, logout=yes) or waits for one press of its button.
    const page = await browser.fetch(endSessionUrl);
    const html = await page.text();
    expect(html).toContain('<script src="/interaction-assets/sign-out.js" defer></script>');
    expect(html).toContain('<input type="hidden" name="logout" value="yes"/>');
    const script = await fetch(`${base}/interaction-assets/sign-out.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain("getElementById('op.logoutForm').submit()");

    expect((await signOutAtProvider(browser, endSessionUrl)).toString()).toBe(`${base}/login`);
    expect(await startFlow({ browser, prompt: null })).not.toBeInstanceOf(URL);
  });

  it('asks first when another page opens the sign-out without the portal’s ID token', async () => {
    const browser = new Browser();
    const flow = (await startFlow({ browser })) as Flow;
    await exchange(callbackBody(flow, await signInAtProvider(flow)));
    const html = await (await browser.fetch(`${base}/sso/session/end`)).text();
    expect(html).toContain('Sign out of the society sign-in?');
    expect(html).not.toContain('sign-out.js');
    // Nothing was sent: the provider's session still signs the browser in without a password.
    expect(await startFlow({ browser, prompt: null })).toBeInstanceOf(URL);
  });
});
