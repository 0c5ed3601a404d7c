// The society's own sign-in provider, twice (issue 9), for independent-provider.test.ts: one provider releasing email
// claims from UserInfo only and publishing client_secret_post and none, one publishing client_secret_basic and
// client_secret_post; and one portal per setting on a database they share, as API processes do.
import type { FastifyInstance } from 'fastify';
import type { ClientAuthMethod, ClientMetadata } from 'oidc-provider';
import { afterAll, beforeAll } from 'vitest';
import { type IndependentProvider, startIndependentProvider } from './independent-provider';
import { freePort, refusingPort } from './oidc-flow';
import { createPortalOn, createTestApp, type TestApp } from './test-app';

// Ids and secrets with the characters openid-client used to form-encode, and with those that must be encoded.
export const ODD_SECRET = "s3cr-et_.!~*'() with spaces & more%2B+:/?#[]@$,;=";
export const BASIC_ID = 'guildhall-portal';
// Its Basic header's base64 holds neither + nor / (the portal would prefer client_secret_post otherwise).
export const BASIC_SECRET = "xa-b_c.d!e~f*g'h(i)j";
// LemonLDAP::NG reads a Basic header up to its first + or / (`^Basic (\w+)`): this pair's base64 holds both.
export const LEMON_ID = 'guildhall-lemon';
export const LEMON_SECRET = 's3cret>>?';
export const AMBIGUOUS_ID = 'guild:hall+%id';
export const AMBIGUOUS_SECRET = 'p%q+r:s t';

const ACCOUNTS = [
  { login: 'member', sub: 'lemon-member', email: 'member@guildhall.test', email_verified: true },
  { login: 'unverified', sub: 'lemon-unverified', email: 'storyteller@guildhall.test', email_verified: false },
  { login: 'silent', sub: 'lemon-silent', email: 'admin@guildhall.test' },
  { login: 'no-email', sub: 'lemon-no-email' },
  { login: 'stranger', sub: 'lemon-stranger', email: 'stranger@example.org', email_verified: true },
];

type Portal = { url: string; app: FastifyInstance; close(): Promise<void> };

export let base: TestApp;
/** Publishes client_secret_post and none only; releases email from UserInfo only. */
export let postOnly: IndependentProvider;
/** Publishes client_secret_basic and client_secret_post. */
export let basicAndPost: IndependentProvider;
export let unreachable: Awaited<ReturnType<typeof refusingPort>> | undefined;
export const portals: Record<string, Portal> = {};

/** Starts the two providers and a portal for each setting before the file's tests, and stops them after. */
export function useIndependentPortals() {
  beforeAll(async () => {
    base = await createTestApp();
    const names = [
      'post',
      'public',
      'basic',
      'lemon',
      'ambiguous',
      'override',
      'wrongSecret',
      'wrongPostSecret',
      'unreachable',
      'wrongIssuer',
    ];
    const ports = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await freePort()] as const)));
    const urlOf = (n: string) => `http://localhost:${ports[n]}`;
    const client = (name: string, client_id: string, method: ClientAuthMethod, secret?: string): ClientMetadata => ({
      client_id,
      ...(secret === undefined ? {} : { client_secret: secret }),
      token_endpoint_auth_method: method,
      redirect_uris: [`${urlOf(name)}/oauth/callback`],
      post_logout_redirect_uris: [`${urlOf(name)}/login`],
      response_types: ['code'],
      grant_types: ['authorization_code'],
    });
    const [p1, p2] = [await freePort(), await freePort()];
    unreachable = await refusingPort();
    postOnly = await startIndependentProvider({
      port: p1,
      clientAuthMethods: ['client_secret_post', 'none'],
      accounts: ACCOUNTS,
      clients: [client('post', 'society-portal', 'client_secret_post', ODD_SECRET), client('public', 'society-public', 'none')],
    });
    basicAndPost = await startIndependentProvider({
      port: p2,
      clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
      accounts: ACCOUNTS,
      clients: [
        client('basic', BASIC_ID, 'client_secret_basic', BASIC_SECRET),
        // Registered for client_secret_post only: a Basic header would be refused, as LemonLDAP::NG cuts it.
        client('lemon', LEMON_ID, 'client_secret_post', LEMON_SECRET),
        client('ambiguous', AMBIGUOUS_ID, 'client_secret_basic', AMBIGUOUS_SECRET),
        client('override', 'guildhall-post', 'client_secret_post', ODD_SECRET),
        client('wrongSecret', 'guildhall-wrong', 'client_secret_basic', 'the-right-secret'),
        client('wrongPostSecret', 'guildhall-wrong-post', 'client_secret_post', 'the-right-secret'),
      ],
    });
    const env = (name: string, issuer: string, clientId: string, secret: string | undefined, method?: string) => ({
      PUBLIC_URL: urlOf(name),
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      ...(secret === undefined ? {} : { OIDC_CLIENT_SECRET: secret }),
      ...(method ? { OIDC_TOKEN_AUTH_METHOD: method } : {}),
    });
    const settings: Record<string, Record<string, string>> = {
      post: env('post', postOnly.issuer, 'society-portal', ODD_SECRET),
      public: env('public', postOnly.issuer, 'society-public', undefined, 'none'),
      basic: env('basic', basicAndPost.issuer, BASIC_ID, BASIC_SECRET),
      lemon: env('lemon', basicAndPost.issuer, LEMON_ID, LEMON_SECRET),
      ambiguous: env('ambiguous', basicAndPost.issuer, AMBIGUOUS_ID, AMBIGUOUS_SECRET),
      override: env('override', basicAndPost.issuer, 'guildhall-post', ODD_SECRET, 'client_secret_post'),
      wrongSecret: env('wrongSecret', basicAndPost.issuer, 'guildhall-wrong', 'not-the-secret'),
      wrongPostSecret: env('wrongPostSecret', basicAndPost.issuer, 'guildhall-wrong-post', 'not-the-secret'),
      unreachable: env('unreachable', `http://127.0.0.1:${unreachable.port}`, 'nobody', 'nothing'),
      // The provider calls itself localhost; the portal was told 127.0.0.1.
      wrongIssuer: env('wrongIssuer', `http://127.0.0.1:${p1}`, 'society-portal', ODD_SECRET),
    };
    for (const name of names) {
      const port = ports[name]!;
      const built = await createPortalOn(base, { SIGNIN_FAILURES_PER_MINUTE: '1000', ...settings[name]! });
      await built.app.listen({ port, host: 'localhost' });
      portals[name] = { url: urlOf(name), ...built };
    }
  }, 60_000);

  afterAll(async () => {
    await unreachable?.close();
    for (const p of Object.values(portals)) await p.close();
    await postOnly?.close();
    await basicAndPost?.close();
    await base?.close();
  });
}
