// The embedded OpenID Connect provider on /sso (DESIGN §4), with its sign-in page on /interaction/:uid.
import formbody from '@fastify/formbody';
import middie from '@fastify/middie';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';
import { userEmails, type Db } from '../db/index';
import { AppError } from '../errors';
import { databaseAdapter } from './oidc-adapter';
import { registerPasswordReset } from './password-reset';
import { registerSetPassword } from './set-password';
import { checkPassword, memberExists } from './sign-in.service';
import type { SignInLimits } from './sign-in-limits';
import { messagePage, SIGN_OUT_JS, SSO_CSS, signInPage, signOutPage } from './sso-page';
import type { Secrets } from '../secrets';

export const EMBEDDED_CLIENT_ID = 'guildhall-portal';
export const SSO_MOUNT = '/sso';

export interface EmbeddedProviderOptions {
  db: Db;
  publicUrl: string;
  secrets: Secrets;
  limits: SignInLimits;
  redirectUris: string[];
  /** Behind the society's own TLS proxy (TRUST_PROXY): take the protocol from X-Forwarded-Proto. */
  trustProxy: boolean | number | string[];
  /** NODE_ENV=production: secrets such as reset links stay out of the log. */
  production: boolean;
}

export function createEmbeddedProvider(opts: EmbeddedProviderOptions): Provider {
  const configuration: Configuration = {
    adapter: databaseAdapter(opts.db),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: opts.secrets.ssoClientSecret,
        redirect_uris: opts.redirectUris,
        // Logout returns to each portal's Login card.
        post_logout_redirect_uris: opts.redirectUris.map((uri) => uri.replace(/\/oauth\/callback$/, '/login')),
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // RP-initiated logout: the portal's Logout ends the provider's session too, so the next person at a shared
      // device is asked for a password.
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = signOutPage(form, Boolean(ctx.oidc.params?.id_token_hint));
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = messagePage('Signed out', 'You have been signed out of the society sign-in.');
        },
      },
    },
    // The portal reads email and email_verified from the ID token: no second call to the userinfo endpoint.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    scopes: ['openid', 'email'],
    async findAccount(_ctx, sub) {
      const id_user = Number(sub);
      if (!Number.isInteger(id_user) || !(await memberExists(opts.db, id_user))) return undefined;
      return {
        accountId: sub,
        async claims() {
          const [email] = await opts.db
            .select({ email: userEmails.email, verified: userEmails.is_verified })
            .from(userEmails)
            .where(eq(userEmails.id_user, id_user))
            .orderBy(asc(userEmails.id_email))
            .limit(1);
          // The member's primary address, verified only as the society's record says: one they typed in themselves
          // is not, and a portal signing in here must not link it to whoever holds it there.
          return { sub, ...(email ? { email: email.email, email_verified: email.verified } : {}) };
        },
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: opts.secrets.cookieKeys, long: { signed: true }, short: { signed: true } },
    jwks: { keys: [opts.secrets.ssoSigningKey as never] },
    ttl: { AuthorizationCode: 60, AccessToken: 300, IdToken: 300, Interaction: 1800, Session: 12 * 3600, Grant: 12 * 3600 },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      // A first-party client: the member consents by signing in, so no consent screen.
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in problem', String(out.error_description ?? out.error ?? 'Something went wrong.'));
    },
  };
  const provider = new Provider(`${opts.publicUrl}${SSO_MOUNT}`, configuration);
  provider.proxy = opts.trustProxy !== false;
  return provider;
}

const loginForm = z.object({ email: z.string().max(320).default(''), password: z.string().max(1024).default('') });

/** Mounts the provider and registers its sign-in interaction pages. */
export async function mountEmbeddedProvider(app: FastifyInstance, provider: Provider, opts: EmbeddedProviderOptions) {
  await app.register(middie, { hook: 'onRequest' });
  // The provider answers its own failures (a 500 page); the log must still hear of them.
  provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'the sign-in provider failed'));
  app.use(SSO_MOUNT, provider.callback());
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  app.get('/interaction-assets/sso.css', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/css').header('cache-control', 'public, max-age=3600').send(SSO_CSS),
  );

  app.get('/interaction-assets/sign-out.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/javascript').header('cache-control', 'public, max-age=3600').send(SIGN_OUT_JS),
  );

  registerSetPassword(app, opts.db);
  registerPasswordReset(app, { db: opts.db, limits: opts.limits, publicUrl: opts.publicUrl, production: opts.production });

  const details = async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      return await provider.interactionDetails(req.raw, reply.raw);
    } catch {
      return undefined;
    }
  };

  app.get<{ Params: { uid: string } }>('/interaction/:uid', { schema: { hide: true } }, async (req, reply) => {
    const interaction = await details(req, reply);
    reply.header('cache-control', 'no-store').type('text/html');
    if (!interaction || interaction.uid !== req.params.uid) {
      return reply.code(400).send(messagePage('Sign-in expired', 'This sign-in page has expired. Please start again from the portal.'));
    }
    return signInPage({ action: `/interaction/${interaction.uid}/login` });
  });

  app.post<{ Params: { uid: string } }>('/interaction/:uid/login', { schema: { hide: true } }, async (req, reply) => {
    const interaction = await details(req, reply);
    reply.header('cache-control', 'no-store').type('text/html');
    if (!interaction || interaction.uid !== req.params.uid || interaction.prompt.name !== 'login') {
      return reply.code(400).send(messagePage('Sign-in expired', 'This sign-in page has expired. Please start again from the portal.'));
    }
    const form = loginForm.safeParse(req.body ?? {});
    const email = form.success ? form.data.email : '';
    const password = form.success ? form.data.password : '';
    const action = `/interaction/${interaction.uid}/login`;
    if (!email.trim() || !password) {
      return reply.code(400).send(signInPage({ action, email, error: 'Please enter your email and password.' }));
    }
    let id_user: number;
    try {
      id_user = await checkPassword(opts.db, opts.limits, { email, password, ip: req.ip });
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 401 || error.statusCode === 429)) {
        if (error.headers) reply.headers(error.headers);
        return reply.code(error.statusCode).send(signInPage({ action, email, error: error.message }));
      }
      throw error;
    }
    const returnTo = await provider.interactionResult(
      req.raw,
      reply.raw,
      { login: { accountId: String(id_user) } },
      { mergeWithLastSubmission: false },
    );
    return reply.code(303).redirect(returnTo);
  });
}
