// The society's own sign-in provider (issue 9): the portal's relying party against a second, independent OpenID
// provider that releases email claims from UserInfo only, picks its own client authentication and publishes an
// end-session endpoint. Several portals with different settings share one database (test/independent-portals.ts).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { basicCredentials, chooseTokenAuthMethod } from './relying-party';
import { INDEPENDENT_PAGE_TEXT, type IndependentProvider } from '../test/independent-provider';
import { Browser, callbackBody, exchange, type Flow, signInAtProvider, signOutAtProvider, startFlow } from '../test/oidc-flow';
import { rows } from '../test/sql';
import {
  AMBIGUOUS_ID,
  BASIC_ID,
  BASIC_SECRET,
  base,
  basicAndPost,
  LEMON_ID,
  LEMON_SECRET,
  ODD_SECRET,
  portals,
  postOnly,
  useIndependentPortals,
} from '../test/independent-portals';
import { bearer } from '../test/test-app';

useIndependentPortals();

const url = (name: string) => portals[name]!.url;
const idIn = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).id as number;

/** The whole sign-in at the independent provider as `login`; answers the exchange's response. */
async function signIn(name: string, login = 'member', browser?: Browser) {
  const flow = (await startFlow(url(name), { browser })) as Flow;
  expect(flow.interactionUrl.startsWith(url(name))).toBe(false);
  const callback = await signInAtProvider(flow, login, INDEPENDENT_PAGE_TEXT);
  expect(callback.origin).toBe(url(name));
  return { flow, callback, res: await exchange(url(name), callbackBody(flow, callback)) };
}

async function tokenOf(res: Response) {
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { result: string }).result;
}

const lastTokenRequest = (provider: IndependentProvider, clientId: string) =>
  provider.requests.filter((r) => r.route === 'token' && r.clientId === clientId).at(-1)!;

const decodedBasic = (authorization: string | undefined) =>
  authorization?.startsWith('Basic ') ? Buffer.from(authorization.slice(6), 'base64').toString('utf8') : undefined;

describe('claims from the ID token, else from UserInfo', () => {
  it('signs in a member whose email the provider releases only from UserInfo, linked by that verified email', async () => {
    const before = postOnly.requests.filter((r) => r.route === 'userinfo').length;
    const { res } = await signIn('post');
    const token = await tokenOf(res);
    expect(idIn(token)).toBe(await base.idOf('member@guildhall.test'));
    expect(postOnly.requests.filter((r) => r.route === 'userinfo').length).toBe(before + 1);
    const links = await rows<{ issuer: string; subject: string; linked_by: string }>(
      base.database.db,
      sql`select issuer, subject, linked_by from user_identities where subject = 'lemon-member'`,
    );
    expect(links).toEqual([{ issuer: postOnly.issuer, subject: 'lemon-member', linked_by: 'verified_email' }]);
    const me = await portals.post!.app.inject({ method: 'GET', url: `/api/user/${idIn(token)}`, headers: bearer(token) });
    expect(me.statusCode).toBe(200);
  });

  it('refuses an email the provider has not verified, saying so', async () => {
    const { res } = await signIn('post', 'unverified');
    expect(res.status).toBe(403);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('auth.email_unverified');
    expect(body.message).toContain('has not verified the email address storyteller@guildhall.test');
  });

  it('refuses an email whose verification the provider does not release, naming the missing claim', async () => {
    const { res } = await signIn('post', 'silent');
    expect(res.status).toBe(403);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('auth.email_unverified');
    expect(body.message).toContain('"email_verified" missing');
  });

  it('refuses an account without an email, naming the missing claim', async () => {
    const { res } = await signIn('post', 'no-email');
    expect(res.status).toBe(403);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('auth.email_missing');
    expect(body.message).toContain('did not release an email address');
  });

  it('refuses a verified email that no member has', async () => {
    const { res } = await signIn('post', 'stranger');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(
      'No active member account matches this sign-in. Please contact your domain coordinator.',
    );
  });
});

describe('client authentication at the token endpoint', () => {
  it('follows the discovery metadata: client_secret_post where the provider offers no Basic, with any printable secret', async () => {
    await tokenOf((await signIn('post')).res);
    const sent = lastTokenRequest(postOnly, 'society-portal');
    expect(sent.authorization).toBeUndefined();
    expect(sent.body.client_secret).toBe(ODD_SECRET);
  });

  it("uses client_secret_basic where offered, sending guildhall-portal and - _ . ! ~ * ' ( ) as they are", async () => {
    await tokenOf((await signIn('basic')).res);
    const sent = lastTokenRequest(basicAndPost, BASIC_ID);
    // A provider that does not form-decode Basic credentials (LemonLDAP::NG) reads exactly these.
    expect(decodedBasic(sent.authorization)).toBe(`${BASIC_ID}:${BASIC_SECRET}`);
    expect(sent.body.client_secret).toBeUndefined();
  });

  it('prefers client_secret_post, when offered, for credentials whose Basic base64 would hold + or /', async () => {
    expect(basicCredentials(LEMON_ID, LEMON_SECRET)).toMatch(/[+/]/);
    await tokenOf((await signIn('lemon')).res);
    const sent = lastTokenRequest(basicAndPost, LEMON_ID);
    expect(sent.authorization).toBeUndefined();
    expect(sent.body.client_secret).toBe(LEMON_SECRET);
  });

  it('encodes only % + and the id’s : in Basic credentials, which a decoding provider reads back', async () => {
    await tokenOf((await signIn('ambiguous')).res);
    expect(decodedBasic(lastTokenRequest(basicAndPost, AMBIGUOUS_ID).authorization)).toBe('guild%3Ahall%2B%25id:p%25q%2Br:s t');
    expect(basicCredentials('a:b', 'c:d')).toBe(Buffer.from('a%3Ab:c:d').toString('base64'));
  });

  it('takes OIDC_TOKEN_AUTH_METHOD over the metadata', async () => {
    await tokenOf((await signIn('override')).res);
    const sent = lastTokenRequest(basicAndPost, 'guildhall-post');
    expect(sent.authorization).toBeUndefined();
    expect(sent.body.client_secret).toBe(ODD_SECRET);
  });

  it('signs in as a public client with PKCE only (OIDC_TOKEN_AUTH_METHOD=none, no secret)', async () => {
    await tokenOf((await signIn('public')).res);
    const sent = lastTokenRequest(postOnly, 'society-public');
    expect(sent.authorization).toBeUndefined();
    expect(sent.body.client_secret).toBeUndefined();
    expect(sent.body.code_verifier).toBeTruthy();
  });

  it('chooses by the published list, Basic being the default when none is published', () => {
    expect(chooseTokenAuthMethod(undefined, undefined, true)).toBe('client_secret_basic');
    expect(chooseTokenAuthMethod(['client_secret_post', 'client_secret_basic'], undefined, true)).toBe('client_secret_basic');
    expect(chooseTokenAuthMethod(['private_key_jwt', 'client_secret_post'], undefined, true)).toBe('client_secret_post');
    expect(chooseTokenAuthMethod(['client_secret_basic'], 'client_secret_post', true)).toBe('client_secret_post');
    expect(chooseTokenAuthMethod(['client_secret_basic'], undefined, false)).toBe('none');
    expect(() => chooseTokenAuthMethod(['private_key_jwt'], undefined, true)).toThrow(/OIDC_TOKEN_AUTH_METHOD/);
    // A Basic header with + or / in its base64: client_secret_post where offered, Basic where it is all there is.
    const cut = basicCredentials(LEMON_ID, LEMON_SECRET);
    expect(chooseTokenAuthMethod(['client_secret_basic', 'client_secret_post'], undefined, true, cut)).toBe('client_secret_post');
    expect(chooseTokenAuthMethod(undefined, undefined, true, cut)).toBe('client_secret_basic');
    expect(chooseTokenAuthMethod(['client_secret_basic'], undefined, true, cut)).toBe('client_secret_basic');
    expect(chooseTokenAuthMethod(['client_secret_basic', 'client_secret_post'], 'client_secret_basic', true, cut)).toBe(
      'client_secret_basic',
    );
    const whole = basicCredentials(BASIC_ID, BASIC_SECRET);
    expect(chooseTokenAuthMethod(['client_secret_basic', 'client_secret_post'], undefined, true, whole)).toBe('client_secret_basic');
  });
});

describe('provider errors answer 4xx or 503 with a clear message, never 500', () => {
  const expectError = async (res: Response, status: number, code: string, message: RegExp) => {
    expect(res.status).toBe(status);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe(code);
    expect(body.message).toMatch(message);
  };

  it('an unreachable provider: 503', async () => {
    await expectError(await fetch(`${url('unreachable')}/api/auth/config`), 503, 'auth.provider_unavailable', /cannot be reached/);
    await expectError(await exchange(url('unreachable'), { code: 'x' }), 503, 'auth.provider_unavailable', /cannot be reached/);
  });

  it('a rejected client secret over Basic (WWW-Authenticate challenge) and over the body: 503 naming the client', async () => {
    const basic = await signIn('wrongSecret');
    await expectError(basic.res, 503, 'auth.provider_misconfigured', /refused the portal’s client id or secret/);
    const post = await signIn('wrongPostSecret');
    await expectError(post.res, 503, 'auth.provider_misconfigured', /refused the portal’s client id or secret/);
  });

  it('a provider whose discovery names another issuer: 503 naming OIDC_ISSUER', async () => {
    await expectError(await fetch(`${url('wrongIssuer')}/api/auth/config`), 503, 'auth.provider_misconfigured', /OIDC_ISSUER/);
  });

  it('a bad code: 400', async () => {
    const { flow, callback } = await signIn('post');
    await expectError(
      await exchange(url('post'), callbackBody(flow, callback, { code: 'not-a-code' })),
      400,
      'auth.exchange_failed',
      /invalid or has expired/,
    );
  });

  it('a response without iss, as in POST /auth/exchange {"code":"x"}: 400', async () => {
    await expectError(await exchange(url('post'), { code: 'x' }), 400, 'auth.issuer_missing', /issuer/);
  });

  it('a response from another issuer: 400', async () => {
    const flow = (await startFlow(url('post'))) as Flow;
    const callback = await signInAtProvider(flow, 'member', INDEPENDENT_PAGE_TEXT);
    await expectError(
      await exchange(url('post'), callbackBody(flow, callback, { iss: 'https://evil.example' })),
      400,
      'auth.issuer_mismatch',
      /another issuer/,
    );
  });
});

describe('logout at the provider too', () => {
  it('answers the end-session URL with id_token_hint and /login; after it the provider asks for the password again', async () => {
    const browser = new Browser();
    const { res } = await signIn('post', 'member', browser);
    const token = await tokenOf(res);
    // While the provider's session lives, a sign-in without prompt=login would need no password.
    expect(await startFlow(url('post'), { browser, prompt: null })).toBeInstanceOf(URL);

    const out = await portals.post!.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token), payload: {} });
    expect(out.statusCode).toBe(200);
    const endSession = new URL(out.json().result.endSessionUrl);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${postOnly.issuer}/session/end`);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${url('post')}/login`);
    expect(endSession.searchParams.get('client_id')).toBe('society-portal');
    const hint = endSession.searchParams.get('id_token_hint')!;
    expect(JSON.parse(Buffer.from(hint.split('.')[1]!, 'base64url').toString())).toMatchObject({
      iss: postOnly.issuer,
      aud: 'society-portal',
      sub: 'lemon-member',
    });

    const landing = await signOutAtProvider(browser, endSession.toString());
    expect(landing.toString()).toBe(`${url('post')}/login`);
    const next = await startFlow(url('post'), { browser, prompt: null });
    expect(next).not.toBeInstanceOf(URL);
    // The portal session has ended and keeps no copy of the ID token.
    expect((await portals.post!.app.inject({ method: 'GET', url: `/api/user/${idIn(token)}`, headers: bearer(token) })).statusCode).toBe(
      401,
    );
    const kept = await rows<{ n: number }>(
      base.database.db,
      sql`select count(*)::int as n from sessions where id_token is not null and revoked_at is not null`,
    );
    expect(kept).toEqual([{ n: 0 }]);
  });
});
