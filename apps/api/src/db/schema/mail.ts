// E-mail (issue 25): the outbox every message goes through, each member's choice per kind, and addresses that
// bounce. A message row is written in the transaction of the change it tells of; a sender delivers it.
import { MAIL_DELIVERIES, OUTBOX_STATUSES } from '@guildhall/shared/schemas/mail';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { inList } from './sql-helpers';
import { users } from './users';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    id_user: integer('id_user').references(() => users.id_user, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    kind: text('kind').notNull(),
    /** Without the society's name, which the sender puts in front. */
    subject: text('subject').notNull(),
    /** Plain text as written (member-written parts included); the sender renders the HTML from it, escaped. */
    body: text('body').notNull(),
    /** A path of the portal ('/storyteller/approvals/3') or an absolute link (a set-password link). */
    link: text('link'),
    /** Its List-Unsubscribe link's token: stops this member's messages of this kind. Null for account messages. */
    unsubscribe_token: text('unsubscribe_token'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While 'sending': the claim's lease. A sender killed mid-send leaves it to expire; then another retries. */
    locked_until: timestamp('locked_until', { withTimezone: true }),
    last_error: text('last_error'),
    /** A digest-kind message gathered into this digest message. */
    digest_id: integer('digest_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_outbox_status_ck', inList(t.status, OUTBOX_STATUSES)),
    index('mail_outbox_due_idx').on(t.next_attempt_at).where(sql`${t.status} = 'queued'`),
    index('mail_outbox_lease_idx').on(t.locked_until).where(sql`${t.status} = 'sending'`),
    index('mail_outbox_held_idx').on(t.id_user, t.created_at).where(sql`${t.status} = 'held'`),
    index('mail_outbox_created_idx').on(t.created_at, t.id),
    uniqueIndex('mail_outbox_unsubscribe_uq').on(t.unsubscribe_token),
  ],
);

/** A member's choice for one kind; no row means the kind's default. */
export const mailPreferences = pgTable(
  'mail_preferences',
  {
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id_user, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    delivery: text('delivery', { enum: MAIL_DELIVERIES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.id_user, t.kind] }), check('mail_preferences_delivery_ck', inList(t.delivery, MAIL_DELIVERIES))],
);

/** Permanent failures per address (lower case); marked_at set once they repeat: nothing is sent there until cleared. */
export const mailAddressMarks = pgTable('mail_address_marks', {
  email: text('email').primaryKey(),
  permanent_failures: integer('permanent_failures').notNull().default(0),
  last_error: text('last_error'),
  marked_at: timestamp('marked_at', { withTimezone: true }),
});

/**
 * Membership reminders already given: 30 and 7 days before the expiry and once expired (to the member), and a
 * coordinator's weekly list (`stage` 'weekly', `user_expiration` the week's Monday). A renewal moves the expiry,
 * so the next round of reminders is for the new date.
 */
export const membershipReminders = pgTable(
  'membership_reminders',
  {
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id_user, { onDelete: 'cascade' }),
    user_expiration: date('user_expiration', { mode: 'string' }).notNull(),
    stage: text('stage', { enum: ['30', '7', 'expired', 'weekly'] }).notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id_user, t.user_expiration, t.stage] })],
);
