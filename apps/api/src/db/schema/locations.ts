// SPEC §3 Location / domain, positions and venues' places.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const locations = pgTable(
  'locations',
  {
    id_location: serial('id_location').primaryKey(),
    location_name: text('location_name').notNull(),
    location_code: text('location_code').notNull(),
    /** Comma-separated ancestor ids, root first (SPEC §3); null for a root. */
    id_parent_location: text('id_parent_location'),
    /** The direct parent, kept beside the ancestor list so joins and foreign keys need no string parsing. */
    id_parent: integer('id_parent').references((): AnyPgColumn => locations.id_location, { onDelete: 'restrict' }),
    location_type: integer('location_type').notNull(),
  },
  (t) => [
    index('locations_parent_idx').on(t.id_parent),
    index('locations_type_idx').on(t.location_type),
    uniqueIndex('locations_parent_code_uq').on(sql`coalesce(${t.id_parent}, 0)`, t.location_code),
    check('locations_type_ck', sql`${t.location_type} between 1 and 9`),
  ],
);
