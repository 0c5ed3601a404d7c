// The transactional outbox (issue 25): a message is a row written in the transaction of the change it tells of,
// so it exists exactly when the change does. The sender (mail.sender.ts) delivers it later.
import { randomBytes } from 'node:crypto';
import { DEFAULT_MAIL_DELIVERY, MAIL_KINDS, type MailDelivery } from '@guildhall/shared/schemas/mail';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { mailOutbox, mailPreferences, users, type Db, type Tx } from '../../db/index';
import { primaryEmailOfMember } from '../users/primary-email';

export interface NewMail {
  id_user: number | null;
  to: string;
  kind: string;
  subject: string;
  body: string;
  link?: string | null;
  /** Held for the member's daily digest instead of going at once. */
  digest?: boolean;
  /** Stoppable by the member: the message carries a one-click unsubscribe link for its kind. */
  unsubscribable?: boolean;
}

const nudges = new Set<() => void>();

/** A sender in this process asks to hear of new messages, so one written now need not wait for its next round. */
export function onEnqueued(nudge: () => void): () => void {
  nudges.add(nudge);
  return () => nudges.delete(nudge);
}

export const unsubscribeToken = () => randomBytes(32).toString('base64url');

/** Writes messages into the outbox in the caller's transaction. */
export async function enqueue(tx: Tx, messages: NewMail | readonly NewMail[]): Promise<number[]> {
  const list = Array.isArray(messages) ? messages : [messages as NewMail];
  if (list.length === 0) return [];
  const rows = await tx
    .insert(mailOutbox)
    .values(
      list.map((m) => ({
        id_user: m.id_user,
        recipient: m.to,
        kind: m.kind,
        subject: m.subject,
        body: m.body,
        link: m.link ?? null,
        unsubscribe_token: m.unsubscribable === false ? null : unsubscribeToken(),
        status: m.digest ? ('held' as const) : ('queued' as const),
      })),
    )
    .returning({ id: mailOutbox.id });
  // The transaction has not committed yet: the sender looks a moment later (and on its interval regardless).
  if (!list.every((m) => m.digest)) for (const nudge of nudges) nudge();
  return rows.map((r) => r.id);
}

const isMailKind = (kind: string): kind is (typeof MAIL_KINDS)[number] => (MAIL_KINDS as readonly string[]).includes(kind);

/** A subject line from a notice: its first sentence, kept short. */
export function subjectOf(message: string): string {
  const first = /^(.+?[.!?])(\s|$)/.exec(message)?.[1] ?? message;
  return first.length > 120 ? `${first.slice(0, 117)}…` : first;
}

/**
 * The e-mail beside an in-app notice (notify() calls this): to each enabled member with an address, as their
 * preference for the kind says — at once, in the daily digest, or not at all.
 */
export async function mailForNotice(
  tx: Tx,
  id_users: readonly number[],
  note: { kind: string; message: string; link?: string | null | undefined },
): Promise<void> {
  const kind = note.kind;
  if (id_users.length === 0 || !isMailKind(kind)) return;
  const rows = await tx
    .select({
      id_user: users.id_user,
      email: primaryEmailOfMember,
      delivery: mailPreferences.delivery,
    })
    .from(users)
    .leftJoin(mailPreferences, and(eq(mailPreferences.id_user, users.id_user), eq(mailPreferences.kind, kind)))
    .where(and(inArray(users.id_user, [...id_users]), eq(users.is_disabled, false)));
  const messages: NewMail[] = [];
  for (const row of rows) {
    const delivery: MailDelivery = row.delivery ?? DEFAULT_MAIL_DELIVERY[kind];
    if (!row.email || delivery === 'never') continue;
    messages.push({
      id_user: row.id_user,
      to: row.email,
      kind,
      subject: subjectOf(note.message),
      body: note.message,
      link: note.link ?? null,
      digest: delivery === 'digest',
    });
  }
  await enqueue(tx, messages);
}

/** How many messages the outbox holds in each state (the metrics' outbox queue). */
export async function outboxByStatus(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ status: mailOutbox.status, n: sql<number>`count(*)::int` }).from(mailOutbox).groupBy(mailOutbox.status);
  return new Map(rows.map((row) => [row.status, row.n]));
}

/** How long a delivered message stays on the outbox page (and its unsubscribe link keeps working). */
export const OUTBOX_KEEP_DAYS = 90;

/** Removes messages delivered (or gathered into a digest) more than OUTBOX_KEEP_DAYS before `now`, a batch at a time. */
export async function forgetDelivered(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - OUTBOX_KEEP_DAYS * 86_400_000);
  const old = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.status, ['sent', 'digested']), lt(mailOutbox.created_at, before)))
    .limit(5000);
  const gone = await db.delete(mailOutbox).where(inArray(mailOutbox.id, old)).returning({ id: mailOutbox.id });
  return gone.length;
}
