// A member's choice per kind (immediately, digest, never), the state of their address, and one-click unsubscribe.
import { DEFAULT_MAIL_DELIVERY, MAIL_KINDS, type MailDelivery, type MailPreferences } from '@guildhall/shared/schemas/mail';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { mailAddressMarks, mailOutbox, mailPreferences, userEmails, users, type Db } from '../../db/index';
import { mailErrors } from './mail.errors';

type Kind = (typeof MAIL_KINDS)[number];

async function memberEmail(db: Db, id_user: number): Promise<string | null> {
  const [member] = await db.select({ id: users.id_user }).from(users).where(eq(users.id_user, id_user));
  if (!member) throw mailErrors.memberNotFound();
  const [row] = await db
    .select({ email: userEmails.email })
    .from(userEmails)
    .where(eq(userEmails.id_user, id_user))
    .orderBy(asc(userEmails.id_email))
    .limit(1);
  return row?.email ?? null;
}

export async function getMailPreferences(db: Db, id_user: number): Promise<MailPreferences> {
  const email = await memberEmail(db, id_user);
  const [chosen, marks] = await Promise.all([
    db.select().from(mailPreferences).where(eq(mailPreferences.id_user, id_user)),
    email
      ? db
          .select({ email: mailAddressMarks.email })
          .from(mailAddressMarks)
          .where(and(eq(mailAddressMarks.email, email.toLowerCase()), isNotNull(mailAddressMarks.marked_at)))
      : Promise.resolve([]),
  ]);
  const byKind = new Map(chosen.map((p) => [p.kind, p.delivery]));
  return {
    preferences: MAIL_KINDS.map((kind) => ({ kind, delivery: byKind.get(kind) ?? DEFAULT_MAIL_DELIVERY[kind] })),
    bouncing: marks.length > 0,
    email,
  };
}

export async function setMailPreferences(db: Db, id_user: number, preferences: { kind: Kind; delivery: MailDelivery }[]): Promise<void> {
  if (new Set(preferences.map((p) => p.kind)).size !== preferences.length) throw mailErrors.duplicateKind();
  await memberEmail(db, id_user);
  const stopped = preferences.filter((p) => p.delivery === 'never').map((p) => p.kind);
  await db.transaction(async (tx) => {
    await tx
      .insert(mailPreferences)
      .values(preferences.map((p) => ({ id_user, ...p })))
      .onConflictDoUpdate({ target: [mailPreferences.id_user, mailPreferences.kind], set: { delivery: sql`excluded.delivery` } });
    // Held messages of a kind now stopped are not sent in the next digest either.
    if (stopped.length)
      await tx
        .delete(mailOutbox)
        .where(and(eq(mailOutbox.id_user, id_user), eq(mailOutbox.status, 'held'), inArray(mailOutbox.kind, stopped)));
  });
}

/** The member says their address works: its bounce mark is cleared and mail goes there again. */
export async function confirmAddress(db: Db, id_user: number): Promise<void> {
  const email = await memberEmail(db, id_user);
  if (email) await db.delete(mailAddressMarks).where(eq(mailAddressMarks.email, email.toLowerCase()));
}

/**
 * RFC 8058 one-click unsubscribe: the message's token stops its kind for its member, nothing else. A digest's
 * link stops every kind the member had on the digest. Returns the kinds stopped.
 */
export async function unsubscribe(db: Db, token: string): Promise<Kind[]> {
  const [message] = await db
    .select({ id_user: mailOutbox.id_user, kind: mailOutbox.kind })
    .from(mailOutbox)
    .where(eq(mailOutbox.unsubscribe_token, token));
  if (!message || message.id_user === null) throw mailErrors.unknownLink();
  const id_user = message.id_user;
  let kinds: Kind[];
  if (message.kind === 'digest') {
    kinds = (await getMailPreferences(db, id_user)).preferences.filter((p) => p.delivery === 'digest').map((p) => p.kind);
  } else {
    kinds = MAIL_KINDS.filter((k) => k === message.kind);
  }
  if (kinds.length)
    await setMailPreferences(
      db,
      id_user,
      kinds.map((kind) => ({ kind, delivery: 'never' as const })),
    );
  return kinds;
}
