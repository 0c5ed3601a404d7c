// Rows that only pile up: expired sessions, set-password links used or expired, sign-in failures older than every
// limit's window, the embedded provider's expired records, and members' data downloads past their expiry. Every API process schedules the purge; a
// transaction-scoped advisory lock lets one of them run it while the others, finding it taken, skip that round.
import { lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pruneExpiredOidcPayloads } from '../auth/oidc-adapter';
import { purgeDataDownloads } from '../modules/data-exchange/data-downloads';
import { type Db, passwordSetupTokens, sessions, signInFailures, tablesChanged } from '../db/index';
import { every } from './every';

/** Advisory lock key of the purge (migrations hold 727274). */
const HOUSEKEEPING_LOCK = 727275;

export interface Purged {
  sessions: number;
  passwordLinks: number;
  signInFailures: number;
  dataDownloads: number;
}

/** Purges in one transaction; `undefined` when another process holds the purge's lock and is doing it now. */
export async function purgeExpired(db: Db): Promise<Purged | undefined> {
  const purged = await db.transaction(async (tx) => {
    // Both drivers answer { rows }; a boolean reads the same from each.
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK}) as got`)) as unknown as {
      rows: { got: boolean }[];
    };
    if (!lock.rows[0]?.got) return undefined;
    const gone = await tx.delete(sessions).where(lt(sessions.expires_at, sql`now()`)).returning({ id: sessions.id });
    const links = await tx
      .delete(passwordSetupTokens)
      .where(or(lt(passwordSetupTokens.expires_at, sql`now()`), lt(passwordSetupTokens.used_at, sql`now()`)))
      .returning({ id: passwordSetupTokens.id });
    // Nothing older than the longest window (an account's lock, a day at most in practice) counts any more.
    const failures = await tx
      .delete(signInFailures)
      .where(lt(signInFailures.at, sql`now() - interval '1 day'`))
      .returning({ at: signInFailures.at });
    await pruneExpiredOidcPayloads(tx as unknown as Db);
    const downloads = await purgeDataDownloads(tx as unknown as Db);
    return { sessions: gone.length, passwordLinks: links.length, signInFailures: failures.length, dataDownloads: downloads };
  });
  if (purged?.sessions) tablesChanged(db, ['sessions']);
  return purged;
}

/** Runs the purge every `minutes` in this process (none when 0). */
export function scheduleHousekeeping(app: FastifyInstance, opts: { minutes: number }) {
  every(app, opts.minutes, 'housekeeping', async () => {
    const purged = await purgeExpired(app.deps.db);
    if (!purged) return;
    for (const [what, n] of Object.entries(purged)) if (n) app.metrics.housekeepingPurged.inc({ what }, n);
    if (Object.values(purged).some(Boolean)) app.log.info({ purged }, 'housekeeping purged expired rows');
  });
}
