// DESIGN §4 sign-in abuse limits, kept in the database so every API process sees the same counts.
// Only failures count: a hotel full of members signing in from one address is never limited. Password-reset
// requests (issue 23) are counted with them, per address: each one is a guess at an address, as a failure is.
import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import { signInFailures, type Db } from '../db/index';
import { authErrors } from './auth.errors';

export interface SignInLimits {
  /** Throws a 429 AppError (with Retry-After) when this address or this account must wait. */
  assertAllowed(ip: string, email?: string): Promise<void>;
  recordFailure(ip: string, email: string): Promise<void>;
  /** Throws the 429 for a password-reset request from an address past the per-address limit. */
  assertResetAllowed(ip: string): Promise<void>;
  recordResetRequest(ip: string): Promise<void>;
}

/** What a reset request is recorded under in place of an email (no address has no `@`). */
const RESET_REQUEST = 'password reset request';

export function createSignInLimits(
  db: Db,
  opts: { failuresPerMinute: number; accountLockFailures: number; accountLockMinutes: number },
): SignInLimits {
  const windowFor = async (column: typeof signInFailures.ip | typeof signInFailures.email, value: string, seconds: number) => {
    const since = sql`now() - make_interval(secs => ${seconds})`;
    const [row] = await db
      .select({ n: count(), oldest: min(signInFailures.at) })
      .from(signInFailures)
      .where(and(eq(column, value), gt(signInFailures.at, since)));
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : Date.now();
    return { n: Number(row?.n ?? 0), retryAfter: (oldest + seconds * 1000 - Date.now()) / 1000 };
  };
  const assertAddressAllowed = async (ip: string, message?: string) => {
    const byIp = await windowFor(signInFailures.ip, ip, 60);
    if (byIp.n >= opts.failuresPerMinute) throw authErrors.rateLimited(byIp.retryAfter, message);
  };
  const record = async (ip: string, email: string) => {
    await db.insert(signInFailures).values({ ip, email });
    // Keep the table small: nothing older than the longest window matters.
    await db.delete(signInFailures).where(lt(signInFailures.at, sql`now() - interval '1 day'`));
  };
  return {
    async assertAllowed(ip, email) {
      await assertAddressAllowed(ip);
      if (email === undefined) return;
      const lockSeconds = opts.accountLockMinutes * 60;
      const byAccount = await windowFor(signInFailures.email, email.trim().toLowerCase(), lockSeconds);
      if (byAccount.n >= opts.accountLockFailures) {
        throw authErrors.rateLimited(byAccount.retryAfter, 'Too many failed sign-ins for this account. Please wait and try again.');
      }
    },
    recordFailure: (ip, email) => record(ip, email.trim().toLowerCase().slice(0, 320)),
    assertResetAllowed: (ip) => assertAddressAllowed(ip, 'Too many password reset requests. Please wait and try again.'),
    recordResetRequest: (ip) => record(ip, RESET_REQUEST),
  };
}

/** The same limits, telling `counted` of every failed sign-in (the metrics' sign-in failures). */
export function countingFailures(limits: SignInLimits, counted: () => void): SignInLimits {
  return {
    ...limits,
    async recordFailure(ip, email) {
      counted();
      await limits.recordFailure(ip, email);
    },
  };
}
