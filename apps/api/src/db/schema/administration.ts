// Running the society (issue 13): who held which post when, one-time set-password links, and domain transfers.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { TRANSFER_STATUSES } from '@guildhall/shared/constants';
import { locations } from './locations';
import { inList } from './sql-helpers';
import { users } from './users';
import { positions } from './venues';

/** Each holding of a post, with its dates: `positions.id_user` is the current holder, this is the history. */
export const positionHolders = pgTable(
  'position_holders',
  {
    id: serial('id').primaryKey(),
    id_position: integer('id_position')
      .notNull()
      .references(() => positions.id_position, { onDelete: 'cascade' }),
    id_user: integer('id_user').references(() => users.id_user, { onDelete: 'set null' }),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    started_by: integer('started_by').references(() => users.id_user, { onDelete: 'set null' }),
    ended_by: integer('ended_by').references(() => users.id_user, { onDelete: 'set null' }),
  },
  (t) => [
    index('position_holders_position_idx').on(t.id_position, t.started_at),
    index('position_holders_user_idx').on(t.id_user),
    // One open holding per post.
    uniqueIndex('position_holders_open_uq').on(t.id_position).where(sql`${t.ended_at} is null`),
  ],
);

/** A one-time link a new member sets their embedded-SSO password with; only the token's SHA-256 is kept. */
export const passwordSetupTokens = pgTable(
  'password_setup_tokens',
  {
    id: serial('id').primaryKey(),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id_user, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => users.id_user, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_setup_tokens_hash_uq').on(t.token_hash), index('password_setup_tokens_user_idx').on(t.id_user)],
);

/** A member's request to move their home domain; the receiving domain's coordinator decides. */
export const transfers = pgTable(
  'transfers',
  {
    id: serial('id').primaryKey(),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id_user, { onDelete: 'cascade' }),
    from_location: integer('from_location').references(() => locations.id_location, { onDelete: 'set null' }),
    to_location: integer('to_location')
      .notNull()
      .references(() => locations.id_location, { onDelete: 'cascade' }),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull().default('Pending'),
    note: text('note'),
    requested_at: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    decided_by: integer('decided_by').references(() => users.id_user, { onDelete: 'set null' }),
  },
  (t) => [
    index('transfers_user_idx').on(t.id_user),
    index('transfers_to_idx').on(t.to_location, t.requested_at),
    index('transfers_from_idx').on(t.from_location, t.requested_at),
    index('transfers_requested_idx').on(t.requested_at, t.id),
    // One open request per member.
    uniqueIndex('transfers_one_pending_uq').on(t.id_user).where(sql`${t.status} = 'Pending'`),
    check('transfers_status_ck', inList(t.status, TRANSFER_STATUSES)),
  ],
);
