// A member of the provider's portal who types another society member's address into their own profile does not
// become that member on the portal that signs in there: the provider releases the address as unverified, as it is
// until the society confirms it, and the portal links members by a verified address only.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildMember } from '../test/factories';
import { callbackBody, exchange, type Flow, signInAtProvider, startFlow } from '../test/oidc-flow';
import { rows } from '../test/sql';
import { bearer } from '../test/test-app';
import { useTwoPortals } from '../test/two-portals';

const portals = useTwoPortals();

describe("an address typed into a profile on the provider's portal", () => {
  it("signs nobody in as the portal's member who holds it, and links no identity to them", async () => {
    const { provider, portal, portalUrl } = portals;
    const claimed = `victim.${Date.now()}@guildhall.test`;
    const victim = await buildMember(portal.database.db, { email: claimed });
    // On the provider's portal, a member puts that address on their own record.
    const taker = await provider.idOf('storyteller@guildhall.test');
    const token = await provider.tokenFor('storyteller@guildhall.test');
    const me = (await provider.app.inject({ method: 'GET', url: `/api/user/${taker}`, headers: bearer(token) })).json().result;
    const saved = await provider.app.inject({
      method: 'POST',
      url: `/api/user/${taker}`,
      headers: bearer(token),
      payload: {
        id_user: taker,
        user_nick: me.user_nick,
        user_prefix: me.user_prefix,
        user_bday: me.user_bday,
        tbl_user_email: { id_email: me.tbl_user_email.id_email, email: claimed },
        tbl_user_phone: me.tbl_user_phone,
        tbl_user_address: me.tbl_user_address,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const flow = (await startFlow(portalUrl)) as Flow;
    const callback = await signInAtProvider(flow, claimed);
    const res = await exchange(portalUrl, callbackBody(flow, callback));
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('auth.email_unverified');
    const links = await rows(portal.database.db, sql`select subject from user_identities where id_user = ${victim.id_user}`);
    expect(links).toEqual([]);
  });
});
