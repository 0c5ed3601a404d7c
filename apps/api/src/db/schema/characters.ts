// SPEC §3 Character, Character type, Subtype and XP log.
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CHARACTER_STATUSES, VICES, VIRTUES, XP_TYPES, YES_NO } from '@guildhall/shared/constants';
import { inList } from './sql-helpers';
import { users } from './users';
import { venues } from './venues';

export const characterTypes = pgTable('character_types', {
  id_type: serial('id_type').primaryKey(),
  type_name: text('type_name').notNull().unique(),
});

export const characterSubtypes = pgTable(
  'character_subtypes',
  {
    id_subtype: serial('id_subtype').primaryKey(),
    subtype_name: text('subtype_name').notNull(),
    id_parent_type: integer('id_parent_type')
      .notNull()
      .references(() => characterTypes.id_type),
  },
  (t) => [index('character_subtypes_parent_idx').on(t.id_parent_type)],
);

/**
 * SQL twin of the shared rule characterVssStatus (SPEC §4): the VSS column's sort, and its index's expression (one
 * definition, so the planner matches the two).
 */
export const vssStatusOf = (t: { id_venue: AnyColumn | SQL; being_reviewed: AnyColumn | SQL; st_signed: AnyColumn | SQL }) =>
  sql<string>`case when ${t.id_venue} is null then 'No style sheet' when ${t.being_reviewed} = 'no' then 'Pending' when ${t.st_signed} = 'yes' then 'Accepted' when ${t.st_signed} = 'no' then 'Rejected' else 'Unknown' end`;

/** SQL twin of the shared rule xpDelta (DESIGN §7): an entry's signed amount, a Spend taking its points away. */
export const xpDeltaOf = (t: { xp_type: AnyColumn | SQL; xp_amount: AnyColumn | SQL }) =>
  sql<number>`case when ${t.xp_type} = 'Spend' then -${t.xp_amount} else ${t.xp_amount} end`;

export const characters = pgTable(
  'characters',
  {
    id_character: serial('id_character').primaryKey(),
    character_name: text('character_name').notNull(),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id_user, { onDelete: 'cascade' }),
    id_venue: integer('id_venue').references(() => venues.id_venue, { onDelete: 'set null' }),
    id_type: integer('id_type')
      .notNull()
      .references(() => characterTypes.id_type),
    id_subtype: integer('id_subtype')
      .notNull()
      .references(() => characterSubtypes.id_subtype),
    character_virtue: text('character_virtue', { enum: VIRTUES }).notNull(),
    character_vice: text('character_vice', { enum: VICES }).notNull(),
    character_concept: text('character_concept'),
    /** The justification (SPEC §2 Character Sheet Information). */
    character_concept_description: text('character_concept_description'),
    character_status: text('character_status', { enum: CHARACTER_STATUSES }).notNull().default('Active'),
    being_reviewed: text('being_reviewed', { enum: YES_NO }).notNull().default('no'),
    st_signed: text('st_signed'),
    sign_response: text('sign_response'),
    signed_by: integer('signed_by').references(() => users.id_user, { onDelete: 'set null' }),
    signed_at: timestamp('signed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The experience balance: the sum of the live entries' signed amounts (SPEC §3 xp_log_sum), kept with every entry
     * added or voided so an entry is one statement (decision 071).
     */
    xp_balance: integer('xp_balance').notNull().default(0),
  },
  (t) => [
    index('characters_user_idx').on(t.id_user, t.id_character),
    index('characters_venue_idx').on(t.id_venue, t.id_character),
    index('characters_type_idx').on(t.id_type, t.id_subtype),
    // The character search's sorts with their tie-break: a first page is ten index entries (issue 8).
    index('characters_name_sort_idx').on(sql`lower(${t.character_name})`, t.id_character),
    index('characters_virtue_sort_idx').on(t.character_virtue, t.id_character),
    index('characters_vss_sort_idx').on(sql`(${vssStatusOf(t)})`, t.id_character),
    check('characters_virtue_ck', inList(t.character_virtue, VIRTUES)),
    check('characters_vice_ck', inList(t.character_vice, VICES)),
    check('characters_status_ck', inList(t.character_status, CHARACTER_STATUSES)),
    check('characters_being_reviewed_ck', inList(t.being_reviewed, YES_NO)),
  ],
);

export const xpLogs = pgTable(
  'xp_logs',
  {
    id_xp_log: serial('id_xp_log').primaryKey(),
    id_character: integer('id_character')
      .notNull()
      .references(() => characters.id_character, { onDelete: 'cascade' }),
    xp_datetime: timestamp('xp_datetime', { withTimezone: true }).notNull().defaultNow(),
    xp_type: text('xp_type', { enum: XP_TYPES }).notNull(),
    xp_description: text('xp_description').notNull(),
    xp_amount: integer('xp_amount').notNull(),
    /** Running balance after this entry, recomputed when an entry is voided (DESIGN §7). */
    xp_balance: integer('xp_balance').notNull(),
    id_user_author: integer('id_user_author').references(() => users.id_user, { onDelete: 'set null' }),
    is_void: boolean('is_void').notNull().default(false),
    voided_by: integer('voided_by').references(() => users.id_user, { onDelete: 'set null' }),
    voided_at: timestamp('voided_at', { withTimezone: true }),
    /** The game whose attendance earned the entry (issue 28). No foreign key: games.ts builds on this file. */
    id_game: integer('id_game'),
  },
  (t) => [
    index('xp_logs_character_idx').on(t.id_character, t.xp_datetime),
    index('xp_logs_game_idx').on(t.id_game).where(sql`${t.id_game} is not null`),
    check('xp_logs_type_ck', inList(t.xp_type, XP_TYPES)),
  ],
);
