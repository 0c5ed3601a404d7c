// DESIGN §4: an identity is keyed on (issuer, subject); a first sign-in links to a member by email only when
// the provider says that email is verified, and the link is recorded.
import { and, eq } from 'drizzle-orm';
import { userIdentities, users, type Db } from '../db/index';
import type { ProviderIdentity } from './relying-party';
import { findMemberByEmail } from './sign-in.service';
import { authErrors } from './auth.errors';

const NO_MEMBER = authErrors.noMember;

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
    throw authErrors.emailMissing();
  }
  if (!identity.emailVerified) {
    throw authErrors.emailUnverified(identity.email, Boolean(identity.emailVerifiedReleased));
  }
  const member = await findMemberByEmail(db, identity.email);
  if (!member || member.is_disabled) throw NO_MEMBER();
  await db
    .insert(userIdentities)
    .values({ issuer: identity.issuer, subject: identity.subject, id_user: member.id_user, linked_by: 'verified_email' })
    .onConflictDoNothing();
  return member.id_user;
}
