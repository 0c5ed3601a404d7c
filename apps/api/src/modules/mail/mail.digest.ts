// The daily digest: each member's held messages (kinds they set to 'digest') written before today's digest time
// go out as one message. Held rows move to 'digested' in the transaction that writes the digest, skipping rows
// another process holds, so every message is in exactly one digest however many processes run this.
import { and, asc, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import { mailOutbox, type Db, users } from '../../db/index';
import { primaryEmailOfMember } from '../users/primary-email';
import { enqueue } from './mail.outbox';

/** How many members' digests one call writes; the rest wait for the next check. */
const MEMBERS_PER_ROUND = 500;

/** The latest digest time at or before `now` (today's hour, else yesterday's). */
export function digestCutoff(now: Date, hourUtc: number): Date {
  const cutoff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc));
  if (cutoff > now) cutoff.setUTCDate(cutoff.getUTCDate() - 1);
  return cutoff;
}

/** Writes the digests due at `now`; returns how many. */
export async function writeDigests(db: Db, opts: { now: Date; hourUtc: number; publicUrl: string }): Promise<number> {
  const cutoff = digestCutoff(opts.now, opts.hourUtc);
  return db.transaction(async (tx) => {
    const due = and(eq(mailOutbox.status, 'held'), lt(mailOutbox.created_at, cutoff), isNotNull(mailOutbox.id_user));
    // Whole members, not a number of rows: a member's messages cut off by a row limit made a second digest that day.
    const someMembers = tx
      .selectDistinct({ id_user: mailOutbox.id_user })
      .from(mailOutbox)
      .where(due)
      .orderBy(asc(mailOutbox.id_user))
      .limit(MEMBERS_PER_ROUND);
    const held = await tx
      .select()
      .from(mailOutbox)
      .where(and(due, inArray(mailOutbox.id_user, someMembers)))
      .orderBy(asc(mailOutbox.id_user), asc(mailOutbox.id))
      .for('update', { skipLocked: true });
    const byMember = new Map<number, typeof held>();
    for (const row of held) {
      if (row.id_user !== null) byMember.set(row.id_user, [...(byMember.get(row.id_user) ?? []), row]);
    }
    // Sent to the member's address now, not the one a held message was written for (they may have changed it since).
    const members = byMember.size
      ? await tx
          .select({ id_user: users.id_user, email: primaryEmailOfMember })
          .from(users)
          .where(and(inArray(users.id_user, [...byMember.keys()]), eq(users.is_disabled, false)))
      : [];
    const addressOf = new Map(members.map((m) => [m.id_user, m.email]));
    for (const [id_user, rows] of byMember) {
      const ids = rows.map((r) => r.id);
      const to = addressOf.get(id_user);
      if (!to) {
        const last_error = 'Not sent: the member has no address, or is deactivated.';
        await tx.update(mailOutbox).set({ status: 'failed', last_error }).where(inArray(mailOutbox.id, ids));
        continue;
      }
      const items = rows.map((r) => `• ${r.body}${r.link ? `\n  ${opts.publicUrl}${r.link}` : ''}`);
      const subject = rows.length === 1 ? 'Your daily digest: 1 message' : `Your daily digest: ${rows.length} messages`;
      const [digest_id] = await enqueue(tx, {
        id_user,
        to,
        kind: 'digest',
        subject,
        body: items.join('\n\n'),
        link: '/profile',
      });
      await tx.update(mailOutbox).set({ status: 'digested', digest_id }).where(inArray(mailOutbox.id, ids));
    }
    return byMember.size;
  });
}
