// SPEC §3 Prestige entry and DESIGN §7's member-class ladder.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { PRESTIGE_CATEGORIES } from '@guildhall/shared/constants';
import { games } from './games';
import { inList } from './sql-helpers';
import { users } from './users';

export const prestige = pgTable(
  'prestige',
  {
    id_prestige: serial('id_prestige').primaryKey(),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id_user, { onDelete: 'cascade' }),
    prestige_description: text('prestige_description').notNull(),
    prestige_category: text('prestige_category', { enum: PRESTIGE_CATEGORIES }).notNull(),
    prestige_general: integer('prestige_general').notNull().default(0),
    prestige_regional: integer('prestige_regional').notNull().default(0),
    prestige_national: integer('prestige_national').notNull().default(0),
    /** Shown as VIP. */
    prestige_usable_general: integer('prestige_usable_general').notNull().default(0),
    /** Shown as 'Awarded by'. */
    id_reviewer: integer('id_reviewer').references(() => users.id_user, { onDelete: 'set null' }),
    prestige_datetime: timestamp('prestige_datetime', { withTimezone: true }).notNull().defaultNow(),
    /** The game a helper's entry was awarded for (issue 28). */
    id_game: integer('id_game').references(() => games.id_game, { onDelete: 'set null' }),
  },
  (t) => [
    index('prestige_user_datetime_idx').on(t.id_user, t.prestige_datetime),
    index('prestige_reviewer_idx').on(t.id_reviewer),
    // The coordinator's newest-first view of their members' prestige.
    index('prestige_datetime_idx').on(t.prestige_datetime, t.id_prestige),
    check('prestige_category_ck', inList(t.prestige_category, PRESTIGE_CATEGORIES)),
    index('prestige_game_idx').on(t.id_game).where(sql`${t.id_game} is not null`),
  ],
);

/** Member class ladder: reaching a class needs these cumulative general, regional and national totals. */
export const mcLevels = pgTable('mc_levels', {
  mc: integer('mc').primaryKey(),
  general_required: integer('general_required').notNull(),
  regional_required: integer('regional_required').notNull(),
  national_required: integer('national_required').notNull(),
});
