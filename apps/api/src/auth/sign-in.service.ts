// Checking an email and password, for the API's POST /auth/login and the embedded SSO page alike.
import { and, eq, sql } from 'drizzle-orm';
import { userEmails, users, type Db } from '../db/index';
import { verifyPassword } from './passwords';
import type { SignInLimits } from './sign-in-limits';
import { authErrors } from './auth.errors';

export const WRONG_CREDENTIALS_MESSAGE = 'Incorrect email or password.';

export async function findMemberByEmail(db: Db, email: string) {
  const [row] = await db
    .select({
      id_user: users.id_user,
      password_hash: users.password_hash,
      is_disabled: users.is_disabled,
      is_verified: userEmails.is_verified,
    })
    .from(userEmails)
    .innerJoin(users, eq(users.id_user, userEmails.id_user))
    .where(eq(sql`lower(${userEmails.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

/** The member's id for a right email and password; 401 with one message for every wrong case, 429 past the limits. */
export async function checkPassword(db: Db, limits: SignInLimits, input: { email: string; password: string; ip: string }): Promise<number> {
  const attempt = await limits.beginAttempt(input.ip, input.email);
  const checked = async () => {
    const member = await findMemberByEmail(db, input.email);
    const ok = await verifyPassword(member?.password_hash, input.password);
    return { member, failed: !member || !ok || member.is_disabled };
  };
  // A check that could not finish (the database, a client gone) is no failure: its place is given back.
  const { member, failed } = await checked().catch(async (error) => {
    await attempt.settle(false).catch(() => undefined);
    throw error;
  });
  await attempt.settle(failed);
  if (failed || !member) throw authErrors.wrongCredentials(WRONG_CREDENTIALS_MESSAGE);
  return member.id_user;
}

export async function memberExists(db: Db, id_user: number) {
  const [row] = await db
    .select({ id_user: users.id_user })
    .from(users)
    .where(and(eq(users.id_user, id_user), eq(users.is_disabled, false)));
  return Boolean(row);
}
