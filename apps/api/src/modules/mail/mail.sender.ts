// Delivers the outbox. Each round claims due rows with FOR UPDATE SKIP LOCKED and a lease (locked_until), so
// several API processes on one PostgreSQL never take the same row; a process killed mid-send leaves its claim
// to expire and another retries it (the one duplicate possible: the server had accepted it before the kill).
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { MailConfig } from '../../config';
import { mailAddressMarks, mailOutbox, type Db, users } from '../../db/index';
import { primaryEmailOfMember } from '../users/primary-email';
import { DeliveryError, type MailTransport } from './mail.transport';
import { type RenderSettings, renderMail } from './mail.render';

/** Temporary failures are retried with back-off; after this many attempts the message is failed. */
export const MAX_ATTEMPTS = 12;
const MAX_BACKOFF_MS = 3600_000;

export interface SenderOptions {
  db: Db;
  transport: MailTransport;
  settings: RenderSettings;
  mail: Pick<MailConfig, 'leaseSeconds' | 'retryBaseMs' | 'bounceLimit'>;
  /** The log may hold message bodies (never in production). */
  production: boolean;
}

type Claimed = typeof mailOutbox.$inferSelect;

/** Takes up to `limit` due messages for this sender: queued and due, or sending with an expired lease. */
export async function claimDue(db: Db, limit: number, leaseSeconds: number): Promise<Claimed[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.next_attempt_at, sql`now()`)),
        and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.locked_until, sql`now()`)),
      ),
    )
    .orderBy(mailOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      locked_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Only the claim that is still ours may settle the row (a late sender whose lease expired changes nothing). */
const stillOurs = (row: Claimed) => and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, row.attempts));

/** The address's bounce record: none (most addresses), failures counted so far, or marked. */
async function markOf(db: Db, email: string): Promise<'none' | 'counted' | 'marked'> {
  const [mark] = await db
    .select({ marked_at: mailAddressMarks.marked_at })
    .from(mailAddressMarks)
    .where(eq(mailAddressMarks.email, email.toLowerCase()));
  return !mark ? 'none' : mark.marked_at ? 'marked' : 'counted';
}

/** A permanent failure counts against the address; the limit in a row marks it. */
async function countPermanentFailure(db: Db, email: string, reason: string, limit: number) {
  await db
    .insert(mailAddressMarks)
    .values({ email: email.toLowerCase(), permanent_failures: 1, last_error: reason, marked_at: limit <= 1 ? sql`now()` : null })
    .onConflictDoUpdate({
      target: mailAddressMarks.email,
      set: {
        permanent_failures: sql`${mailAddressMarks.permanent_failures} + 1`,
        last_error: reason,
        marked_at: sql`coalesce(${mailAddressMarks.marked_at}, case when ${mailAddressMarks.permanent_failures} + 1 >= ${limit} then now() end)`,
      },
    });
}

/**
 * Where a member's message goes now: their address today (they may have changed it while the message waited), and
 * nowhere once their account is deactivated. An account message keeps its own (a reset link goes where it was asked
 * for, word of a changed address to the former one).
 */
async function addresseeOf(db: Db, row: Claimed): Promise<string | null> {
  if (row.kind === 'account' || row.id_user === null) return row.recipient;
  const [member] = await db
    .select({ email: primaryEmailOfMember, disabled: users.is_disabled })
    .from(users)
    .where(eq(users.id_user, row.id_user));
  return member && !member.disabled ? member.email : null;
}

export async function deliverClaimed(opts: SenderOptions, row: Claimed): Promise<'sent' | 'retry' | 'failed'> {
  const { db } = opts;
  const recipient = await addresseeOf(db, row);
  // Account messages (a password reset, a set-password link) cannot be turned off, nor held back by a mark: the
  // member may need one to mend their account, and a mailbox full once would otherwise shut them out for good.
  const notSent =
    recipient === null
      ? 'Not sent: the member’s account is deactivated, or has no address.'
      : row.kind !== 'account' && (await markOf(db, recipient)) === 'marked'
        ? 'Not sent: the address is marked as bouncing until the member changes or confirms it.'
        : undefined;
  if (recipient === null || notSent) {
    await db.update(mailOutbox).set({ status: 'failed', locked_until: null, last_error: notSent }).where(stillOurs(row));
    return 'failed';
  }
  if (recipient !== row.recipient) await db.update(mailOutbox).set({ recipient }).where(stillOurs(row));
  const mail = renderMail({ ...row, recipient }, opts.settings);
  try {
    await opts.transport.send({ ...mail, loggable: !opts.production });
  } catch (error) {
    const failure = error instanceof DeliveryError ? error : new DeliveryError('temporary', String(error));
    const permanent = failure.permanence === 'permanent' || row.attempts >= MAX_ATTEMPTS;
    const backoff = Math.min(opts.mail.retryBaseMs * 2 ** (row.attempts - 1), MAX_BACKOFF_MS);
    await db
      .update(mailOutbox)
      .set(
        permanent
          ? { status: 'failed', locked_until: null, last_error: failure.message }
          : {
              status: 'queued',
              locked_until: null,
              last_error: failure.message,
              next_attempt_at: sql`now() + make_interval(secs => ${backoff / 1000})`,
            },
      )
      .where(stillOurs(row));
    if (failure.permanence === 'permanent') await countPermanentFailure(db, recipient, failure.message, opts.mail.bounceLimit);
    return permanent ? 'failed' : 'retry';
  }
  // A secret link (set-password, reset) is not kept once delivered.
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sent_at: sql`now()`, locked_until: null, last_error: null, ...(row.kind === 'account' ? { link: null } : {}) })
    .where(stillOurs(row));
  // A delivery clears the address's record: the count starts again, and a mark (reached by an account message) is lifted.
  await db.delete(mailAddressMarks).where(eq(mailAddressMarks.email, recipient.toLowerCase()));
  return 'sent';
}

/**
 * Delivers everything due now, batch after batch; returns how many were sent. Once `stopping()` (the app closing on
 * SIGTERM), the batch in hand is finished and the rest left queued for the next process, so shutdown does not wait
 * for a whole outbox.
 */
export async function drainOutbox(opts: SenderOptions, stopping: () => boolean = () => false): Promise<number> {
  let sent = 0;
  while (!stopping()) {
    const rows = await claimDue(opts.db, opts.transport.batch, opts.mail.leaseSeconds);
    if (rows.length === 0) return sent;
    const results = await Promise.all(rows.map((row) => deliverClaimed(opts, row)));
    sent += results.filter((r) => r === 'sent').length;
    // A short or fruitless batch: the rest (if any) waits for the next round, not a busy loop while a server is down.
    if (rows.length < opts.transport.batch || !results.includes('sent')) return sent;
  }
  return sent;
}
