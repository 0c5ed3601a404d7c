// SPEC §7 /auth/* calls: password sign-in, code exchange, logout; and the SPA's provider settings.
import { authConfigSchema, exchangeBodySchema, loginBodySchema, logoutResultSchema } from '@guildhall/shared/schemas/auth';
import { passwordChangeSchema } from '@guildhall/shared/schemas/password';
import { singleEnvelope } from '@guildhall/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors';
import { memberForIdentity } from './identities.service';
import { changePassword, externalProviderError } from './password.service';
import { checkPassword } from './sign-in.service';
import { authErrors } from './auth.errors';

const tokenEnvelope = singleEnvelope(z.string().describe('The access token (JWT); its payload `id` is the member id.'));

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, tokens, limits, relyingParty, allowedRedirectUris, config } = app.deps;

  app.get(
    '/auth/config',
    { config: { public: true }, schema: { tags: ['auth'], response: { 200: singleEnvelope(authConfigSchema) } } },
    async () => ({
      result: {
        authorizationEndpoint: await relyingParty.authorizationEndpoint(),
        clientId: relyingParty.clientId,
        scope: 'openid email',
        external: relyingParty.external,
      },
    }),
  );

  app.post(
    '/auth/login',
    { config: { public: true }, schema: { tags: ['auth'], body: loginBodySchema, response: { 200: tokenEnvelope } } },
    async (req) => {
      // With the society's own provider the portal keeps no passwords: one left from trying it out must not sign in.
      if (relyingParty.external) throw authErrors.passwordSignInOff();
      const id_user = await checkPassword(db, limits, { email: req.body.email, password: req.body.password, ip: req.ip });
      const token = await tokens.issue(id_user, { method: 'password', ip: req.ip, userAgent: req.headers['user-agent'] });
      return { result: token };
    },
  );

  app.post(
    '/auth/exchange',
    { config: { public: true }, schema: { tags: ['auth'], body: exchangeBodySchema, response: { 200: tokenEnvelope } } },
    async (req) => {
      const { code, codeVerifier, state, iss } = req.body;
      const redirectUri = req.body.redirectUri ?? allowedRedirectUris[0]!;
      if (!allowedRedirectUris.includes(redirectUri)) {
        throw authErrors.redirectUri();
      }
      await limits.assertAllowed(req.ip);
      let id_user: number;
      let idToken: string | undefined;
      try {
        const identity = await relyingParty.redeem({ code, codeVerifier, state, iss, redirectUri });
        idToken = identity.idToken;
        id_user = await memberForIdentity(db, identity);
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) await limits.recordFailure(req.ip, '(code exchange)');
        throw error;
      }
      const token = await tokens.issue(id_user, { method: 'sso', ip: req.ip, userAgent: req.headers['user-agent'], idToken });
      return { result: token };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        description:
          'Ends the portal session. After an SSO sign-in, answers the provider’s end-session URL (id_token_hint, post_logout_redirect_uri {portal}/login) for the browser to visit, so the provider’s session ends too.',
        response: { 200: singleEnvelope(logoutResultSchema) },
      },
    },
    async (req) => {
      const ended = await tokens.revoke(req.actor.sid);
      let endSessionUrl: string | null = null;
      if (ended?.method === 'sso') {
        try {
          endSessionUrl = await relyingParty.endSessionUrl({
            idToken: ended.idToken ?? undefined,
            postLogoutRedirectUri: `${config.publicUrl}/login`,
          });
        } catch (error) {
          // The portal session has ended whatever the provider says; the next sign-in still asks for the password.
          req.log.warn({ err: error }, 'the sign-in provider’s end-session URL is unavailable');
        }
      }
      return { result: { endSessionUrl } };
    },
  );

  app.post(
    '/auth/password',
    {
      schema: { tags: ['auth'], body: passwordChangeSchema, response: { 200: singleEnvelope(z.boolean()) } },
    },
    async (req) => {
      if (relyingParty.external) throw externalProviderError();
      await changePassword(db, limits, req.actor, req.body, req.ip);
      return { result: true };
    },
  );
};
