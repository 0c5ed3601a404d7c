// DESIGN §4/§7 Password Change for the embedded SSO: check the current password, apply the shared rules,
// store the new argon2id hash, and end every other session (API tokens and SSO sessions) at once.
import { checkPassword as checkStrength } from '@guildhall/shared/rules/password-strength';
import type { PasswordChange } from '@guildhall/shared/schemas/password';
import { and, eq, exists, isNull, ne, sql } from 'drizzle-orm';
import { oidcPayloads, sessions, tablesChanged, userEmails, users, type Db } from '../db/index';
import type { Actor } from './actor';
import { retireLinks } from '../modules/administration/members.service';
import { hashPassword, verifyPassword } from './passwords';
import type { SignInLimits } from './sign-in-limits';
import { authErrors } from './auth.errors';

export async function changePassword(db: Db, limits: SignInLimits, actor: Actor, input: PasswordChange, ip: string) {
  const [member] = await db
    .select({ hash: users.password_hash, fname: users.user_fname, lname: users.user_lname, nick: users.user_nick, email: userEmails.email })
    .from(users)
    .leftJoin(userEmails, eq(userEmails.id_user, users.id_user))
    .where(eq(users.id_user, actor.id_user))
    .limit(1);
  const account = member?.email ?? `member:${actor.id_user}`;
  const attempt = await limits.beginAttempt(ip, account);
  const right = await verifyPassword(member?.hash, input.currentPassword);
  await attempt.settle(!right);
  if (!right) throw authErrors.wrongPassword();
  const personal = [member?.fname, member?.lname, member?.nick, member?.email?.split('@')[0]].filter((v): v is string => Boolean(v));
  const strength = checkStrength(input.newPassword, personal);
  if (!strength.acceptable) throw authErrors.weakPassword(strength.problems[0]!);
  if (input.newPassword === input.currentPassword) {
    throw authErrors.samePassword();
  }
  const hash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    // Only over the hash verified above, and while this session lives: a reset link used during the hashing (which sets
    // its own hash and ends this session) or another change must not be silently undone.
    const [changed] = await tx
      .update(users)
      .set({ password_hash: hash, password_changed_at: sql`now()` })
      .where(
        and(
          eq(users.id_user, actor.id_user),
          eq(users.password_hash, member!.hash!),
          exists(
            tx
              .select({ one: sql`1` })
              .from(sessions)
              .where(and(eq(sessions.id, actor.sid), isNull(sessions.revoked_at))),
          ),
        ),
      )
      .returning({ id_user: users.id_user });
    if (!changed) throw authErrors.passwordChangedMeanwhile();
    await tx
      .update(sessions)
      .set({ revoked_at: sql`now()` })
      .where(and(eq(sessions.id_user, actor.id_user), ne(sessions.id, actor.sid), isNull(sessions.revoked_at)));
    await tx
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, 'Session'), sql`${oidcPayloads.payload}->>'accountId' = ${String(actor.id_user)}`));
    await retireLinks(tx, actor.id_user);
  });
  tablesChanged(db, ['sessions']);
}

export const externalProviderError = authErrors.externalProvider;
