// The API as the provider's client (openid-client): the same code path for the embedded and an external provider.
import * as oidc from 'openid-client';
import type { TokenAuthMethod } from '../config';
import { AppError } from '../errors';
import { authErrors } from './auth.errors';

export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  /** Whether email_verified was released at all (a missing claim is not a `false`). */
  emailVerifiedReleased: boolean;
  /** The raw ID token, kept with the portal session as `id_token_hint` for RP-initiated logout. */
  idToken: string | undefined;
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
  /** The provider's end-session URL (RP-initiated logout), or null when the provider publishes none. */
  endSessionUrl(input: { idToken: string | undefined; postLogoutRedirectUri: string }): Promise<string | null>;
}

const { providerUnavailable, providerMisconfigured } = authErrors;

/**
 * RFC 6749 §2.3.1 asks for client_id and secret to be form-encoded before HTTP Basic. openid-client encodes
 * every character but letters and digits (`guildhall-portal` goes out as `guildhall%2Dportal`), which
 * providers that do not decode (LemonLDAP::NG among them) refuse. Decoding leaves every character but `%` and
 * `+` as it is, so only those (and `:`, which would end the user-id) are encoded: the same credentials work
 * with providers that decode and with those that do not.
 */
export function basicCredentials(clientId: string, clientSecret: string): string {
  const encode = (value: string, colon: boolean) =>
    value.replace(colon ? /[%+:]/g : /[%+]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return Buffer.from(`${encode(clientId, true)}:${encode(clientSecret, false)}`, 'utf8').toString('base64');
}

/**
 * LemonLDAP::NG reads the Basic header with `^Basic (\w+)`: the credentials' base64 ends for it at the first `+`
 * or `/`, and the rest of the secret is lost (issue 23).
 */
const cutByWordOnlyParsers = (basic: string) => /[+/]/.test(basic);

/**
 * The token endpoint's client authentication: OIDC_TOKEN_AUTH_METHOD, else the provider's discovery metadata —
 * client_secret_basic first, unless its header (`basic`, the base64 credentials) would hold `+` or `/` and the
 * provider also offers client_secret_post.
 */
export function chooseTokenAuthMethod(
  supported: readonly string[] | undefined,
  configured: TokenAuthMethod | undefined,
  hasSecret: boolean,
  basic?: string,
): TokenAuthMethod {
  if (configured) return configured;
  if (!hasSecret) return 'none';
  // OpenID Connect Discovery: when the provider publishes no list, client_secret_basic is the default.
  const methods = supported ?? ['client_secret_basic'];
  if (basic !== undefined && cutByWordOnlyParsers(basic) && methods.includes('client_secret_post')) return 'client_secret_post';
  if (methods.includes('client_secret_basic')) return 'client_secret_basic';
  if (methods.includes('client_secret_post')) return 'client_secret_post';
  throw providerMisconfigured(
    `The sign-in provider accepts neither client_secret_basic nor client_secret_post (it offers ${methods.join(', ') || 'nothing'}); set OIDC_TOKEN_AUTH_METHOD.`,
  );
}

function clientAuthentication(clientSecret: string, configured: TokenAuthMethod | undefined): oidc.ClientAuth {
  return (as, client, body, headers) => {
    const basic = basicCredentials(client.client_id, clientSecret);
    const method = chooseTokenAuthMethod(as.token_endpoint_auth_methods_supported, configured, clientSecret !== '', basic);
    if (method === 'client_secret_basic') {
      headers.set('authorization', `Basic ${basic}`);
    } else if (method === 'client_secret_post') {
      body.set('client_id', client.client_id);
      body.set('client_secret', clientSecret);
    } else {
      body.set('client_id', client.client_id);
    }
  };
}

const isNetworkFailure = (error: unknown) =>
  (error instanceof TypeError && error.message === 'fetch failed') ||
  (error instanceof oidc.ClientError && (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_ABORT'));

/** Every failure of a call to the provider, as a 4xx (the member's sign-in) or a 503 (the provider or our setup). */
export function providerError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isNetworkFailure(error)) return providerUnavailable(error);
  if (
    error instanceof oidc.WWWAuthenticateChallengeError ||
    (error instanceof oidc.ResponseBodyError && error.error === 'invalid_client')
  ) {
    return providerMisconfigured('The sign-in provider refused the portal’s client id or secret (invalid_client).', error);
  }
  if (error instanceof oidc.ResponseBodyError) {
    if (error.error === 'invalid_grant') {
      return authErrors.exchangeFailed();
    }
    return authErrors.exchangeFailed(`The sign-in provider refused the sign-in (${error.error}). Please try again.`);
  }
  if (error instanceof oidc.AuthorizationResponseError) {
    return authErrors.exchangeFailed(`The sign-in provider answered with an error (${error.error}). Please try again.`);
  }
  if (error instanceof oidc.ClientError) {
    const message = error.message + (error.cause instanceof Error ? ` ${error.cause.message}` : '');
    if (/"iss" \(issuer\) missing/.test(message)) {
      return authErrors.issuerMissing();
    }
    if (/"iss" \(issuer\)/.test(message)) {
      return authErrors.issuerMismatch();
    }
    if (/"state"/.test(message)) {
      return authErrors.stateMismatch();
    }
    if (
      error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
      error.code === 'OAUTH_RESPONSE_IS_NOT_JSON' ||
      error.code === 'OAUTH_PARSE_ERROR'
    ) {
      return authErrors.providerError(error);
    }
    return authErrors.exchangeFailed('The sign-in response could not be verified. Please try again.');
  }
  if (error instanceof TypeError) return authErrors.exchangeFailed();
  return authErrors.providerError(error);
}

/**
 * Requests to the public origin sent to this process's own listener instead, saying which address and scheme they
 * were for. Behind a proxy on localhost (compose's trial setup) the public address leads, inside the container, to
 * the container itself, where nothing listens on it; a real domain may not be reachable from inside either.
 */
function internalFetch(issuer: string, reachAt: string): oidc.CustomFetch {
  const publicUrl = new URL(issuer);
  const internal = reachAt.replace(/\/+$/, '');
  const internalOrigin = new URL(internal).origin;
  return async (url, options) => {
    if (!url.startsWith(publicUrl.origin)) return fetch(url, options);
    const headers = new Headers(options.headers);
    headers.set('x-forwarded-host', publicUrl.host);
    headers.set('x-forwarded-proto', publicUrl.protocol.replace(':', ''));
    const res = await fetch(internal + url.slice(publicUrl.origin.length), { ...options, headers });
    if (!url.endsWith('/.well-known/openid-configuration') || !res.ok) return res;
    // Without TRUST_PROXY the provider names its endpoints after the address it was asked at: give them back
    // their public address, where the browser and this client must find them.
    const text = (await res.text()).replaceAll(JSON.stringify(internalOrigin).slice(1, -1), publicUrl.origin);
    const answered = new Headers(res.headers);
    answered.delete('content-length');
    answered.delete('content-encoding');
    return new Response(text, { status: res.status, headers: answered });
  };
}

export function createRelyingParty(opts: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  tokenAuthMethod?: TokenAuthMethod | undefined;
  external: boolean;
  /** Where this process reaches the issuer's origin itself (INTERNAL_URL), when the public address does not lead back here. */
  reachAt?: string | undefined;
}): RelyingParty {
  let discovered: Promise<oidc.Configuration> | undefined;
  const viaInternal = opts.reachAt ? internalFetch(opts.issuer, opts.reachAt) : undefined;
  const insecure = opts.issuer.startsWith('http://') || viaInternal !== undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(opts.issuer), opts.clientId, undefined, clientAuthentication(opts.clientSecret, opts.tokenAuthMethod), {
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        ...(viaInternal ? { [oidc.customFetch]: viaInternal } : {}),
      })
      .then((config) => {
        if (viaInternal) config[oidc.customFetch] = viaInternal;
        return config;
      })
      .catch((error: unknown) => {
        discovered = undefined;
        if (error instanceof oidc.ClientError && /issuer does not match/.test(error.message)) {
          throw providerMisconfigured(
            `The sign-in provider’s discovery document names another issuer than OIDC_ISSUER (${opts.issuer}).`,
            error,
          );
        }
        throw providerUnavailable(error);
      });
    return discovered;
  };
  return {
    clientId: opts.clientId,
    external: opts.external,
    async authorizationEndpoint() {
      const endpoint = (await configuration()).serverMetadata().authorization_endpoint;
      if (!endpoint) throw providerMisconfigured('The sign-in provider publishes no authorization endpoint.');
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
        throw providerError(error);
      }
      const idClaims = tokens.claims();
      if (!idClaims) throw authErrors.exchangeFailed('The sign-in provider did not identify the member.');
      let claims: Record<string, unknown> = idClaims;
      // Providers commonly release email and email_verified from UserInfo only (the default for scope-requested
      // claims in OpenID Connect Core §5.4): ask there for what the ID token lacks.
      if ((claims.email === undefined || claims.email_verified === undefined) && config.serverMetadata().userinfo_endpoint) {
        try {
          const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
          claims = { ...userInfo, ...idClaims };
        } catch (error) {
          throw providerError(error);
        }
      }
      const verified = claims.email_verified;
      return {
        issuer: idClaims.iss,
        subject: idClaims.sub,
        email: typeof claims.email === 'string' && claims.email.trim() ? claims.email.trim() : undefined,
        // Some providers send the boolean as a string.
        emailVerified: verified === true || verified === 'true',
        emailVerifiedReleased: verified !== undefined && verified !== null,
        idToken: tokens.id_token,
      };
    },
    async endSessionUrl(input) {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      const params: Record<string, string> = { client_id: opts.clientId, post_logout_redirect_uri: input.postLogoutRedirectUri };
      if (input.idToken) params.id_token_hint = input.idToken;
      return oidc.buildEndSessionUrl(config, params).toString();
    },
  };
}
