// Settings (the external provider's, the database's, the proxy's): which start and which are refused with a clear
// message.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { freePort } from './test/oidc-flow';
import { startServerProcess } from './test/server-process';

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

describe('database and proxy settings', () => {
  it('refuse a DATABASE_URL that is not a URL, naming it but not the password in it', () => {
    // A base64 password holds a / about half the time: unencoded, the URL cannot be read.
    const bad = () => loadConfig({ DATABASE_URL: 'postgres://guildhall:ab/cd+ef=@postgres:5432/guildhall' });
    expect(bad).toThrow(/DATABASE_URL: not a URL: percent-encode/);
    expect(bad).not.toThrow(/cd\+ef/);
    expect(loadConfig({ DATABASE_URL: 'postgres://guildhall:ab%2Fcd%2Bef%3D@postgres:5432/guildhall' }).databaseUrl).toContain('ab%2Fcd');
  });

  it('read TRUST_PROXY as off, the one proxy in front, a number of proxies, or their addresses', () => {
    const trust = (TRUST_PROXY?: string) => loadConfig(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }).trustProxy;
    expect([trust(), trust('false'), trust('0'), trust('no')]).toEqual([false, false, false, false]);
    expect([trust('true'), trust('yes'), trust('1'), trust('2')]).toEqual([1, 1, 1, 2]);
    expect(trust('10.0.0.2, 172.16.0.0/12,::1')).toEqual(['10.0.0.2', '172.16.0.0/12', '::1']);
    expect(() => trust('caddy')).toThrow(/TRUST_PROXY: false, true, a number of proxies/);
  });

  it('stop the server with one line naming a bad setting, not a stack trace', async () => {
    const started = startServerProcess(await freePort(), { DATABASE_URL: 'postgres://u:a/b@h:5432/d' });
    const error = await started.then(
      () => new Error('the server started'),
      (failure: Error) => failure,
    );
    expect(error.message).toMatch(/exited: \nGuildhall did not start: Invalid configuration: DATABASE_URL: not a URL/);
    expect(error.message).not.toMatch(/at loadConfig|a\/b@/);
  }, 60_000);
});
