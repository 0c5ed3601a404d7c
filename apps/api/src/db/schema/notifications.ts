import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id_user, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    read_at: timestamp('read_at', { withTimezone: true }),
    /** What the notice asks the reader to act on ('approval:12', 'character:7', 'transfer:3'); null for news.
     * When the subject stops awaiting its readers, their unread notices about it are marked read. */
    subject: text('subject'),
  },
  (t) => [
    index('notifications_user_idx').on(t.id_user, t.read_at, t.created_at),
    index('notifications_open_subject_idx').on(t.subject).where(sql`${t.read_at} is null and ${t.subject} is not null`),
  ],
);
