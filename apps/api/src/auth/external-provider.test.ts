// An external OpenID provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET) through the same code path:
// portal B signs its members in at portal A's embedded provider, links them by verified email, and keeps no
// provider or password of its own.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callbackBody, exchange, type Flow, signInAtProvider, startFlow } from '../test/oidc-flow';
import { rows } from '../test/sql';
import { bearer } from '../test/test-app';
import { useTwoPortals } from '../test/two-portals';

const portals = useTwoPortals();

describe('an external provider', () => {
  it('is where the portal’s Login card sends members', async () => {
    const config = (await (await fetch(`${portals.portalUrl}/api/auth/config`)).json()) as { result: unknown };
    expect(config.result).toEqual({
      authorizationEndpoint: `${portals.providerUrl}/sso/auth`,
      clientId: 'guildhall-portal',
      scope: 'openid email',
      external: true,
    });
    expect((await fetch(`${portals.portalUrl}/sso/.well-known/openid-configuration`)).status).toBe(404);
  });

  it('signs a member in, linking the provider’s account to the member with the same verified email', async () => {
    const flow = (await startFlow(portals.portalUrl)) as Flow;
    expect(flow.interactionUrl.startsWith(portals.providerUrl)).toBe(true);
    const callback = await signInAtProvider(flow, 'coordinator@guildhall.test');
    expect(callback.origin).toBe(portals.portalUrl);
    const res = await exchange(portals.portalUrl, callbackBody(flow, callback));
    expect(res.status).toBe(200);
    const token = ((await res.json()) as { result: string }).result;
    const id = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).id;
    expect(id).toBe(await portals.portal.idOf('coordinator@guildhall.test'));
    expect((await portals.portal.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) })).statusCode).toBe(200);
    const links = await rows<{ issuer: string; linked_by: string }>(
      portals.portal.database.db,
      sql`select issuer, linked_by from user_identities where id_user = ${id}`,
    );
    expect(links).toEqual([{ issuer: `${portals.providerUrl}/sso`, linked_by: 'verified_email' }]);
  });

  it('refuses a code issued for another portal', async () => {
    const flow = (await startFlow(portals.portalUrl)) as Flow;
    const callback = await signInAtProvider(flow);
    const res = await exchange(portals.providerUrl, callbackBody(flow, callback, { redirectUri: `${portals.providerUrl}/oauth/callback` }));
    expect(res.status).toBe(400);
  });

  it('leaves passwords to the provider: a stored one neither signs in nor changes', async () => {
    const login = await portals.portal.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'member@guildhall.test', password: 'guildhall-demo' },
    });
    expect([login.statusCode, login.json().code]).toEqual([409, 'auth.external_provider']);
    const token = await portals.portal.sessionFor(await portals.portal.idOf('member@guildhall.test'));
    const res = await portals.portal.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(token),
      payload: {
        currentPassword: 'guildhall-demo',
        newPassword: 'harbor velvet lantern tea',
        confirmPassword: 'harbor velvet lantern tea',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('auth.external_provider');
  });
});
