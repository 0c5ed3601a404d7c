// DESIGN §4: an identity is keyed on (issuer, subject); a first sign-in links to a member by email only when
// the provider says that email is verified, and the link is recorded.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userIdentities, users } from '../db/schema/index';
import { forbidden } from '../errors';
import type { ProviderIdentity } from './relying-party';
import { findMemberByEmail } from './sign-in.service';

const NO_MEMBER = () =>
  forbidden('auth.no_member', 'No active member account matches this sign-in. Please contact your domain coordinator.');

export async function memberForIdentity(db: Db, identity: ProviderIdentity): Promise<number> {
  const [linked] = await db
    .select({ id_user: users.id_user, is_disabled: users.is_disabled })
    .from(userIdentities)
    .innerJoin(users, eq(users.id_user, userIdentities.id_user))
    .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
  if (linked) {
    if (linked.is_disabled) throw NO_MEMBER();
    return linked.id_user;
  }
  if (!identity.email) {
    throw forbidden(
      'auth.email_missing',
      'The sign-in provider did not release an email address for this account (claim "email"), so the portal cannot find the member. Please contact your domain coordinator.',
    );
  }
  if (!identity.emailVerified) {
    throw forbidden(
      'auth.email_unverified',
      identity.emailVerifiedReleased
        ? `The sign-in provider has not verified the email address ${identity.email} (email_verified is false); the portal links members by a verified email only. Please verify it at the sign-in provider.`
        : `The sign-in provider does not say whether ${identity.email} is verified (claim "email_verified" missing); the portal links members by a verified email only. Please contact your domain coordinator.`,
    );
  }
  const member = await findMemberByEmail(db, identity.email);
  if (!member || member.is_disabled) throw NO_MEMBER();
  await db
    .insert(userIdentities)
    .values({ issuer: identity.issuer, subject: identity.subject, id_user: member.id_user, linked_by: 'verified_email' })
    .onConflictDoNothing();
  return member.id_user;
}
