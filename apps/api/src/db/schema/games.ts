// Issue 28: games (a venue's or a domain's event), their series, sign-ups, check-ins and calendar feeds.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { GAME_RECURRENCES, GAME_STATUSES, PRESTIGE_CATEGORIES, SIGNUP_ROLES, SIGNUP_STATUSES } from '@guildhall/shared/constants';
import { characters } from './characters';
import { locations } from './locations';
import { inList } from './sql-helpers';
import { users } from './users';
import { venues } from './venues';

/** How a recurring game repeats; its occurrences are rows of `games` created when the series is scheduled. */
export const gameSeries = pgTable(
  'game_series',
  {
    id_series: serial('id_series').primaryKey(),
    recurrence: text('recurrence', { enum: GAME_RECURRENCES }).notNull(),
    first_date: date('first_date').notNull(),
    /** Local wall-clock start and end ('19:00'), kept in `time_zone` across daylight-saving changes. */
    local_start: text('local_start').notNull(),
    local_end: text('local_end').notNull(),
    time_zone: text('time_zone').notNull(),
    occurrences: integer('occurrences').notNull(),
    created_by: integer('created_by').references(() => users.id_user, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('game_series_recurrence_ck', inList(t.recurrence, GAME_RECURRENCES))],
);

export const games = pgTable(
  'games',
  {
    id_game: serial('id_game').primaryKey(),
    /** A venue's game; null for a domain-wide event. */
    id_venue: integer('id_venue').references(() => venues.id_venue, { onDelete: 'set null' }),
    /** The domain it is held in (the venue's, for a venue's game). */
    id_location: integer('id_location')
      .notNull()
      .references(() => locations.id_location),
    id_series: integer('id_series').references(() => gameSeries.id_series, { onDelete: 'set null' }),
    game_name: text('game_name').notNull(),
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true }).notNull(),
    time_zone: text('time_zone').notNull(),
    place: text('place').notNull(),
    capacity: integer('capacity'),
    /** Plain text, shown inert (never as markup). */
    description: text('description'),
    xp_award: integer('xp_award').notNull(),
    prestige_points: integer('prestige_points').notNull().default(0),
    prestige_category: text('prestige_category', { enum: PRESTIGE_CATEGORIES }).notNull().default('Event Services'),
    prestige_reason: text('prestige_reason').notNull().default('Game staff'),
    status: text('status', { enum: GAME_STATUSES }).notNull().default('scheduled'),
    /**
     * Moves with every sign-up and check-in of the game: the door list kept for a version is that version's. A
     * sign-up's `position` is the version it made (so never below an earlier one's).
     */
    roster_version: integer('roster_version').notNull().default(0),
    /**
     * Players going, kept by every change of the game's sign-ups under its row lock: the sign-up statement reads it
     * from the row it locks (its count of sign-up rows would be of the moment before it waited for the lock).
     */
    players_going: integer('players_going').notNull().default(0),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    closed_by: integer('closed_by').references(() => users.id_user, { onDelete: 'set null' }),
    created_by: integer('created_by').references(() => users.id_user, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('games_venue_starts_idx').on(t.id_venue, t.starts_at),
    index('games_location_starts_idx').on(t.id_location, t.starts_at),
    index('games_series_idx').on(t.id_series, t.starts_at),
    index('games_starts_idx').on(t.starts_at, t.id_game),
    check('games_status_ck', inList(t.status, GAME_STATUSES)),
    check('games_category_ck', inList(t.prestige_category, PRESTIGE_CATEGORIES)),
    check('games_capacity_ck', sql`${t.capacity} is null or ${t.capacity} > 0`),
    check('games_times_ck', sql`${t.ends_at} > ${t.starts_at}`),
  ],
);

export const gameSignups = pgTable(
  'game_signups',
  {
    id_signup: serial('id_signup').primaryKey(),
    id_game: integer('id_game')
      .notNull()
      .references(() => games.id_game, { onDelete: 'cascade' }),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id_user, { onDelete: 'cascade' }),
    id_character: integer('id_character').references(() => characters.id_character, { onDelete: 'set null' }),
    role: text('role', { enum: SIGNUP_ROLES }).notNull(),
    status: text('status', { enum: SIGNUP_STATUSES }).notNull(),
    /** Order of arrival: the waiting list is promoted in this order. */
    position: integer('position').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_signups_game_user_uq').on(t.id_game, t.id_user),
    index('game_signups_user_idx').on(t.id_user, t.status),
    index('game_signups_game_status_idx').on(t.id_game, t.status, t.position),
    check('game_signups_role_ck', inList(t.role, SIGNUP_ROLES)),
    check('game_signups_status_ck', inList(t.status, SIGNUP_STATUSES)),
    // A helper comes without a character.
    check('game_signups_helper_ck', sql`${t.role} = 'player' or ${t.id_character} is null`),
  ],
);

export const gameCheckins = pgTable(
  'game_checkins',
  {
    id_checkin: serial('id_checkin').primaryKey(),
    id_game: integer('id_game')
      .notNull()
      .references(() => games.id_game, { onDelete: 'cascade' }),
    /** Chosen by the device that made the check-in: sending it again finds this row instead of adding one. */
    idempotency_key: text('idempotency_key').notNull().unique(),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id_user, { onDelete: 'cascade' }),
    id_character: integer('id_character').references(() => characters.id_character, { onDelete: 'set null' }),
    role: text('role', { enum: SIGNUP_ROLES }).notNull(),
    checked_in_by: integer('checked_in_by').references(() => users.id_user, { onDelete: 'set null' }),
    checked_in_at: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
    /** A correction after closing voids a check-in (and what it earned); it is kept. */
    voided_by: integer('voided_by').references(() => users.id_user, { onDelete: 'set null' }),
    voided_at: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    // One live check-in per member and game, whichever device sent it.
    uniqueIndex('game_checkins_live_uq').on(t.id_game, t.id_user).where(sql`${t.voided_at} is null`),
    check('game_checkins_role_ck', inList(t.role, SIGNUP_ROLES)),
    check('game_checkins_helper_ck', sql`${t.role} = 'player' or ${t.id_character} is null`),
  ],
);

/**
 * A member's private calendar URL. The token reads only that member's games (no sign-in, no other data), so it is
 * kept as it is and shown again on the profile; revoking deletes the row, renewing replaces the token.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  id_user: integer('id_user')
    .primaryKey()
    .references(() => users.id_user, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
