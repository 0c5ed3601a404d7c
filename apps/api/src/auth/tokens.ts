// The API's access token (DESIGN §4): an HS256 JWT with `id` and `sid`, pinned issuer and audience, an expiry,
// and a sessions row that logout, a password change or a disabled account revokes at once.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { sessions, tablesChanged, users, type Db } from '../db/index';
import { authErrors } from './auth.errors';

export const TOKEN_AUDIENCE = 'guildhall-api';
const ALGORITHM = 'HS256';
const VERIFIED_KEPT = 10_000;

export interface TokenService {
  issue(id_user: number, meta: { method: string; ip?: string; userAgent?: string; idToken?: string }): Promise<string>;
  /** The claims of a well-signed, unexpired token, or a 401 AppError; checks no session (see loadSessionActor). */
  claims(token: string): Promise<{ id_user: number; sid: string }>;
  /** The session behind a bearer token, or a 401 AppError. */
  verify(token: string): Promise<{ id_user: number; sid: string }>;
  /** Ends the session and answers how it was opened, with the provider's ID token of an SSO sign-in. */
  revoke(sid: string): Promise<{ method: string; idToken: string | null } | undefined>;
  revokeAllFor(id_user: number): Promise<void>;
}

export function createTokenService(db: Db, opts: { secret: string; issuer: string; ttlSeconds: number }): TokenService {
  const key = new TextEncoder().encode(opts.secret);
  // Tokens whose signature was checked, until they expire: a member's every request carries the same token, and
  // checking an HMAC (with its key import) cost more than the rest of the authentication. The session is still
  // looked up on every request, so a revoked token stops working at once.
  const verified = new Map<string, { id_user: number; sid: string; expiresAt: number }>();
  const claims = async (token: string): Promise<{ id_user: number; sid: string }> => {
    const known = verified.get(token);
    if (known && known.expiresAt > Date.now()) return { id_user: known.id_user, sid: known.sid };
    if (known) verified.delete(token);
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: opts.issuer, audience: TOKEN_AUDIENCE }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw authErrors.tokenExpired();
      throw authErrors.tokenInvalid();
    }
    const id = payload.id;
    const sid = payload.sid;
    if (typeof id !== 'number' || !Number.isInteger(id) || typeof sid !== 'string') {
      throw authErrors.tokenInvalid();
    }
    if (typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, { id_user: id, sid, expiresAt: payload.exp * 1000 });
    }
    return { id_user: id, sid };
  };
  return {
    async issue(id_user, meta) {
      const sid = randomUUID();
      // iat and exp from one clock reading, so a token lives exactly its TTL.
      const issuedAt = Math.floor(Date.now() / 1000);
      const expiresAt = new Date((issuedAt + opts.ttlSeconds) * 1000);
      await db.insert(sessions).values({
        id: sid,
        id_user,
        expires_at: expiresAt,
        method: meta.method,
        ip: meta.ip ?? null,
        user_agent: meta.userAgent?.slice(0, 512) ?? null,
        id_token: meta.idToken ?? null,
      });
      return new SignJWT({ id: id_user, sid })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuer(opts.issuer)
        .setAudience(TOKEN_AUDIENCE)
        .setSubject(String(id_user))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + opts.ttlSeconds)
        .sign(key);
    },
    claims,
    async verify(token) {
      const { id_user: id, sid } = await claims(token);
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id_user, sessions.id_user))
        .where(
          and(
            eq(sessions.id, sid),
            eq(sessions.id_user, id),
            isNull(sessions.revoked_at),
            gt(sessions.expires_at, sql`now()`),
            eq(users.is_disabled, false),
          ),
        )
        .limit(1);
      if (rows.length === 0) throw authErrors.sessionRevoked();
      return { id_user: id, sid };
    },
    async revoke(sid) {
      const [session] = await db
        .select({ method: sessions.method, idToken: sessions.id_token })
        .from(sessions)
        .where(and(eq(sessions.id, sid), isNull(sessions.revoked_at)));
      // The ID token is needed once more, as the logout's id_token_hint; the ended session keeps no copy.
      await db
        .update(sessions)
        .set({ revoked_at: sql`now()`, id_token: null })
        .where(and(eq(sessions.id, sid), isNull(sessions.revoked_at)));
      tablesChanged(db, ['sessions']);
      return session;
    },
    async revokeAllFor(id_user) {
      await db
        .update(sessions)
        .set({ revoked_at: sql`now()`, id_token: null })
        .where(and(eq(sessions.id_user, id_user), isNull(sessions.revoked_at)));
      tablesChanged(db, ['sessions']);
    },
  };
}
