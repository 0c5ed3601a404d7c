// DESIGN §4 sign-in abuse limits, kept in the database so every API process sees the same counts.
// Only failures count: a hotel full of members signing in from one address is never refused (checks in progress
// hold places while they run, so a burst of guesses is counted; sign-ins beyond the limit at once wait briefly). Password-reset
// requests (issue 23) are counted with them, per address: each one is a guess at an address, as a failure is.
import { and, count, eq, gt, lt, min, type SQL, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { requestScope, signInFailures, type Db } from '../db/index';
import { authErrors } from './auth.errors';

export interface SignInLimits {
  /** Throws a 429 AppError (with Retry-After) when this address must wait. */
  assertAllowed(ip: string): Promise<void>;
  recordFailure(ip: string, email: string): Promise<void>;
  /**
   * A password check for an account: throws the 429 when this address or the account must wait; else takes its turn,
   * so that no more checks run at once than the account's failures left allow (guesses sent at once cannot all pass
   * before any is recorded; sign-ins at once wait briefly). `settle` records a failure or gives the place back.
   */
  beginAttempt(ip: string, email: string): Promise<{ settle(failed: boolean): Promise<void> }>;
  /**
   * Records a password-reset request from the address, then throws the 429 when the address had reached its limit
   * before it (requests sent at once are counted in their order, not all let through).
   */
  takeResetTurn(ip: string): Promise<void>;
}

/** What a reset request is recorded under in place of an email (no address has no `@`). */
const RESET_REQUEST = 'password reset request';

/**
 * What an address is counted under: an IPv6 address's /64, which one subscriber's line is given whole (counted one by
 * one, a guesser would have billions of addresses); an IPv4 address, also written IPv6-mapped, as itself.
 */
export function networkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

export function createSignInLimits(
  db: Db,
  opts: { failuresPerMinute: number; accountLockFailures: number; accountLockMinutes: number },
): SignInLimits {
  const windowFor = async (column: typeof signInFailures.ip | typeof signInFailures.email, value: string, seconds: number) => {
    const since = sql`now() - make_interval(secs => ${seconds})`;
    const [row] = await db
      .select({ n: count(), oldest: min(signInFailures.at) })
      .from(signInFailures)
      .where(and(eq(column, value), eq(signInFailures.pending, false), gt(signInFailures.at, since)));
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : Date.now();
    return { n: Number(row?.n ?? 0), retryAfter: (oldest + seconds * 1000 - Date.now()) / 1000 };
  };
  const assertAddressAllowed = async (ip: string, message?: string) => {
    const byIp = await windowFor(signInFailures.ip, networkOf(ip), 60);
    if (byIp.n >= opts.failuresPerMinute) throw authErrors.rateLimited(byIp.retryAfter, message);
  };
  const record = async (ip: string, email: string) => {
    await db.insert(signInFailures).values({ ip: networkOf(ip), email });
    // Keep the table small: nothing older than the longest window matters.
    await db.delete(signInFailures).where(lt(signInFailures.at, sql`now() - interval '1 day'`));
  };
  const accountOf = (email: string) => email.trim().toLowerCase().slice(0, 320);
  return {
    assertAllowed: (ip) => assertAddressAllowed(ip),
    recordFailure: (ip, email) => record(ip, accountOf(email)),
    async beginAttempt(ip, email) {
      await assertAddressAllowed(ip);
      const [account, network] = [accountOf(email), networkOf(ip)];
      const lockSeconds = opts.accountLockMinutes * 60;
      const locked = (retryAfter: number) =>
        authErrors.rateLimited(retryAfter, 'Too many failed sign-ins for this account. Please wait and try again.');
      const [held] = await db
        .insert(signInFailures)
        .values({ ip: network, email: account, pending: true })
        .returning({ id: signInFailures.id });
      // Given back even when the request's client has hung up (its scope refuses new statements): a place left held
      // would count against the account until it ages out.
      const giveBack = () => requestScope.exit(() => db.delete(signInFailures).where(eq(signInFailures.id, held!.id)).execute());
      const ofAccount = sql`${signInFailures.email} = ${account} and ${signInFailures.at} > now() - make_interval(secs => ${lockSeconds})`;
      const ofAddress = sql`${signInFailures.ip} = ${network} and ${signInFailures.at} > now() - interval '60 seconds'`;
      const failures = (of: SQL) => sql<number>`count(*) filter (where ${of} and not ${signInFailures.pending})`.mapWith(Number);
      // A place held for over a minute is a check that died with its process (a check waits ten seconds at most).
      const ahead = (of: SQL) =>
        sql<number>`count(*) filter (where ${of} and ${signInFailures.pending} and ${signInFailures.id} < ${held!.id}
          and ${signInFailures.at} > now() - interval '1 minute')`.mapWith(Number);
      // Its turn: no more checks run at once than the failures left allow, for the account and for the address (guesses
      // at many accounts sent at once from one address). Attempts that came earlier go first; the others wait for them
      // to settle (a success gives its place back, a failure uses one up).
      const turn = async () => {
        for (const until = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 25))) {
          // One statement, one snapshot: a place turning into a failure meanwhile is counted once, not as neither.
          const [now] = await db
            .select({
              account: failures(ofAccount),
              accountAhead: ahead(ofAccount),
              address: failures(ofAddress),
              addressAhead: ahead(ofAddress),
            })
            .from(signInFailures)
            .where(sql`(${ofAccount}) or (${ofAddress})`);
          if (now!.account >= opts.accountLockFailures) {
            throw locked((await windowFor(signInFailures.email, account, lockSeconds)).retryAfter);
          }
          if (now!.address >= opts.failuresPerMinute) {
            throw authErrors.rateLimited((await windowFor(signInFailures.ip, network, 60)).retryAfter);
          }
          const free = now!.account + now!.accountAhead < opts.accountLockFailures;
          if (free && now!.address + now!.addressAhead < opts.failuresPerMinute) return;
          if (Date.now() > until) {
            throw free ? authErrors.rateLimited(1) : locked(1);
          }
        }
      };
      // Refused, or failed (the database, a client gone): the place is given back.
      await turn().catch(async (error) => {
        await giveBack().catch(() => undefined);
        throw error;
      });
      return {
        async settle(failed) {
          // A failure turns the held place into a failure in one statement, so no waiting attempt sees a free place.
          if (!failed) return void (await giveBack());
          await requestScope.exit(() =>
            db.update(signInFailures).set({ pending: false, at: sql`now()` }).where(eq(signInFailures.id, held!.id)).execute(),
          );
        },
      };
    },
    async takeResetTurn(ip) {
      const network = networkOf(ip);
      const [mine] = await db.insert(signInFailures).values({ ip: network, email: RESET_REQUEST }).returning({ id: signInFailures.id });
      const [before] = await db
        .select({ n: count() })
        .from(signInFailures)
        .where(
          and(
            eq(signInFailures.ip, network),
            eq(signInFailures.pending, false),
            lt(signInFailures.id, mine!.id),
            gt(signInFailures.at, sql`now() - interval '60 seconds'`),
          ),
        );
      if (Number(before?.n ?? 0) >= opts.failuresPerMinute) {
        const { retryAfter } = await windowFor(signInFailures.ip, network, 60);
        throw authErrors.rateLimited(retryAfter, 'Too many password reset requests. Please wait and try again.');
      }
    },
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
    async beginAttempt(ip, email) {
      const attempt = await limits.beginAttempt(ip, email);
      return {
        async settle(failed) {
          if (failed) counted();
          await attempt.settle(failed);
        },
      };
    },
  };
}
