// SPEC §3 Position, Venue (style sheet), Venue type and Venue item.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { POSITION_TYPE_CODES, VENUE_ITEM_TYPES } from '@guildhall/shared/constants';
import { locations } from './locations';
import { inList } from './sql-helpers';
import { users } from './users';

export const venueTypes = pgTable('venue_types', {
  id_venue_type: serial('id_venue_type').primaryKey(),
  venue_type: text('venue_type').notNull().unique(),
});

export const venues = pgTable(
  'venues',
  {
    id_venue: serial('id_venue').primaryKey(),
    venue_name: text('venue_name').notNull(),
    /** The style sheet's text. */
    venue_style: text('venue_style').notNull().default(''),
    id_venue_type: integer('id_venue_type')
      .notNull()
      .references(() => venueTypes.id_venue_type),
    id_location: integer('id_location')
      .notNull()
      .references(() => locations.id_location),
    id_user_st: integer('id_user_st').references(() => users.id_user, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('venues_location_idx').on(t.id_location),
    index('venues_st_idx').on(t.id_user_st),
    index('venues_type_idx').on(t.id_venue_type),
    index('venues_name_idx').on(sql`lower(${t.venue_name})`),
  ],
);

/** A post in a location (domain, region, nation) or on a venue, held by a member or vacant. */
export const positions = pgTable(
  'positions',
  {
    id_position: serial('id_position').primaryKey(),
    id_location: integer('id_location')
      .notNull()
      .references(() => locations.id_location, { onDelete: 'cascade' }),
    id_venue: integer('id_venue').references(() => venues.id_venue, { onDelete: 'cascade' }),
    id_user: integer('id_user').references(() => users.id_user, { onDelete: 'set null' }),
    pos_type: text('pos_type', { enum: POSITION_TYPE_CODES as [string, ...string[]] }).notNull(),
    pos_title: text('pos_title').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('positions_location_idx').on(t.id_location),
    index('positions_user_idx').on(t.id_user),
    index('positions_venue_idx').on(t.id_venue),
    check('positions_type_ck', inList(t.pos_type, POSITION_TYPE_CODES)),
  ],
);

export const venueItems = pgTable(
  'venue_items',
  {
    id_venue_item: serial('id_venue_item').primaryKey(),
    id_venue: integer('id_venue')
      .notNull()
      .references(() => venues.id_venue, { onDelete: 'cascade' }),
    id_user_st: integer('id_user_st').references(() => users.id_user, { onDelete: 'set null' }),
    name: text('name').notNull(),
    type: text('type', { enum: VENUE_ITEM_TYPES }).notNull(),
    description: text('description').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('venue_items_venue_idx').on(t.id_venue),
    check('venue_items_type_ck', inList(t.type, VENUE_ITEM_TYPES)),
    uniqueIndex('venue_items_venue_name_type_uq').on(t.id_venue, t.type, t.name),
  ],
);
