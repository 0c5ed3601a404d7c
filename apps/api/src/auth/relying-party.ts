// The API as the provider's client (openid-client): the same code path for the embedded and an external provider.
import * as oidc from 'openid-client';
import { AppError, badRequest } from '../errors';

export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
}

export interface RelyingParty {
  clientId: string;
  external: boolean;
  authorizationEndpoint(): Promise<string>;
  redeem(input: {
    code: string;
    codeVerifier?: string | undefined;
    state?: string | undefined;
    iss?: string | undefined;
    redirectUri: string;
  }): Promise<ProviderIdentity>;
}

export function createRelyingParty(opts: { issuer: string; clientId: string; clientSecret: string; external: boolean }): RelyingParty {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(opts.issuer),
        opts.clientId,
        undefined,
        oidc.ClientSecretBasic(opts.clientSecret),
        opts.issuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw new AppError(
          503,
          'auth.provider_unavailable',
          'The sign-in provider cannot be reached. Please try again shortly.',
          undefined,
          undefined,
          error,
        );
      });
    return discovered;
  };
  return {
    clientId: opts.clientId,
    external: opts.external,
    async authorizationEndpoint() {
      const endpoint = (await configuration()).serverMetadata().authorization_endpoint;
      if (!endpoint) throw new Error('The identity provider publishes no authorization endpoint');
      return endpoint;
    },
    async redeem(input) {
      const config = await configuration();
      const callback = new URL(input.redirectUri);
      callback.searchParams.set('code', input.code);
      if (input.state) callback.searchParams.set('state', input.state);
      if (input.iss) callback.searchParams.set('iss', input.iss);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: input.codeVerifier,
          expectedState: input.state ?? oidc.skipStateCheck,
          idTokenExpected: true,
        });
      } catch (error) {
        if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError || error instanceof TypeError) {
          throw badRequest('auth.exchange_failed', 'The sign-in code is invalid or has expired. Please try again.');
        }
        throw error;
      }
      const claims = tokens.claims();
      if (!claims) throw badRequest('auth.exchange_failed', 'The identity provider did not identify the member.');
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: claims.email_verified === true,
      };
    },
  };
}
