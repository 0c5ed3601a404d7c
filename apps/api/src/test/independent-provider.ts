// A second, independent OpenID provider for tests: a plain oidc-provider on its own HTTP server, set up the way
// societies' providers commonly are (email claims from UserInfo only, its own choice of client authentication,
// an end-session endpoint) — none of the embedded provider's conveniences. It records what reached its token
// and UserInfo endpoints so tests can check what the portal sent.
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { DEMO_PASSWORD } from '../db/demo-society/demo';

export interface ProviderAccount {
  /** What the member types as their login on this provider's page. */
  login: string;
  sub: string;
  email?: string;
  email_verified?: boolean;
}

export interface RecordedRequest {
  route: string;
  clientId: string | undefined;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface IndependentProvider {
  issuer: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export const INDEPENDENT_PAGE_TEXT = 'Society single sign-on';

const page = (uid: string) => `<!doctype html><html><head><title>${INDEPENDENT_PAGE_TEXT}</title></head><body>
<h1>${INDEPENDENT_PAGE_TEXT}</h1><form method="post" action="/interaction/${uid}/login">
<input name="email"><input name="password" type="password"><button>Sign in</button></form></body></html>`;

async function readForm(req: import('node:http').IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startIndependentProvider(opts: {
  port: number;
  clients: ClientMetadata[];
  /** What the provider publishes as token_endpoint_auth_methods_supported (and accepts). */
  clientAuthMethods: Configuration['clientAuthMethods'];
  accounts: ProviderAccount[];
}): Promise<IndependentProvider> {
  const issuer = `http://localhost:${opts.port}`;
  const accounts = new Map(opts.accounts.map((a) => [a.sub, a]));
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'independent' } as never] },
    ttl: { AuthorizationCode: 60, AccessToken: 300, IdToken: 300, Interaction: 600, Session: 3600, Grant: 3600 },
    clients: opts.clients,
    clientAuthMethods: opts.clientAuthMethods,
    pkce: { required: () => true },
    // Claims asked for by scope go to UserInfo only (OpenID Connect Core §5.4), as with many providers.
    conformIdTokenClaims: true,
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    scopes: ['openid', 'email'],
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['independent-provider-test-key'] },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          const { login: _login, ...claims } = account;
          return claims;
        },
      };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId = ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
  });
  const requests: RecordedRequest[] = [];
  provider.use(async (ctx, next) => {
    await next();
    const route = ctx.oidc?.route;
    if (route === 'token' || route === 'userinfo') {
      requests.push({
        route,
        clientId: ctx.oidc.client?.clientId,
        authorization: ctx.get('authorization') || undefined,
        body: { ...((ctx.oidc.body as Record<string, unknown> | undefined) ?? {}) },
      });
    }
  });
  const callback = provider.callback();
  const server: Server = createServer((req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? '');
    if (!match) return void callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (!match[2]) {
          res.writeHead(200, { 'content-type': 'text/html' }).end(page(details.uid));
          return;
        }
        const form = await readForm(req);
        const account = opts.accounts.find((a) => a.login === form.get('email'));
        if (!account || form.get('password') !== DEMO_PASSWORD) {
          res.writeHead(401, { 'content-type': 'text/html' }).end(page(details.uid));
          return;
        }
        const to = await provider.interactionResult(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
        res.writeHead(303, { location: to }).end();
      } catch {
        res.writeHead(400).end('interaction expired');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(opts.port, 'localhost', resolve));
  return {
    issuer,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
