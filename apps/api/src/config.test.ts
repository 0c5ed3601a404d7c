// The external provider's settings: which combinations start and which are refused with a clear message.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const ISSUER = 'https://sso.example.org/realms/society';

describe('external provider settings', () => {
  it('take issuer, client id and secret together, with no token auth method chosen by default', () => {
    const config = loadConfig({ OIDC_ISSUER: `${ISSUER}/`, OIDC_CLIENT_ID: 'guildhall-portal', OIDC_CLIENT_SECRET: "s-e_c.r!e~t*'()" });
    expect(config.externalOidc).toEqual({
      issuer: ISSUER,
      clientId: 'guildhall-portal',
      clientSecret: "s-e_c.r!e~t*'()",
      tokenAuthMethod: undefined,
    });
  });

  it('take OIDC_TOKEN_AUTH_METHOD, and a public client (none) without a secret', () => {
    expect(
      loadConfig({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'p', OIDC_CLIENT_SECRET: 's', OIDC_TOKEN_AUTH_METHOD: 'client_secret_post' })
        .externalOidc?.tokenAuthMethod,
    ).toBe('client_secret_post');
    expect(loadConfig({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'p', OIDC_TOKEN_AUTH_METHOD: 'none' }).externalOidc).toEqual({
      issuer: ISSUER,
      clientId: 'p',
      clientSecret: '',
      tokenAuthMethod: 'none',
    });
  });

  it('refuse a missing secret, a secret for a public client, an unknown method, and a method without a provider', () => {
    expect(() => loadConfig({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'p' })).toThrow(/go together/);
    expect(() => loadConfig({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'p', OIDC_CLIENT_SECRET: 's', OIDC_TOKEN_AUTH_METHOD: 'none' })).toThrow(
      /public client/,
    );
    expect(() =>
      loadConfig({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'p', OIDC_CLIENT_SECRET: 's', OIDC_TOKEN_AUTH_METHOD: 'private_key_jwt' }),
    ).toThrow(/OIDC_TOKEN_AUTH_METHOD/);
    expect(() => loadConfig({ OIDC_TOKEN_AUTH_METHOD: 'client_secret_post' })).toThrow(/external provider/);
  });
});
