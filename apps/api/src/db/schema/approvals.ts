// SPEC §3 Approval with its chain of approvers (DESIGN §6), its events and the app number counters.
import { type SQL, sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { APPROVAL_CATEGORIES, APPROVAL_LEVELS, APPROVAL_STATUSES } from '@guildhall/shared/constants';
import { CHAIN_COLUMN, levelOf, OPEN_APPROVAL_STATUSES } from '@guildhall/shared/rules/approval-workflow';
import { characters } from './characters';
import { locations } from './locations';
import { inList, literal } from './sql-helpers';
import { users } from './users';

/** `approverOf` written in SQL: a case over the statuses that wait at a level of the chain. */
function awaitingApproverSql(): SQL {
  const waits = APPROVAL_STATUSES.flatMap((status) => {
    const level = levelOf(status);
    return level ? [sql`when ${literal(status)} then ${sql.identifier(CHAIN_COLUMN[level])}`] : [];
  });
  return sql`case ${sql.identifier('status')} ${sql.join(waits, sql` `)} end`;
}

export const approvals = pgTable(
  'approvals',
  {
    id: serial('id').primaryKey(),
    app_number: text('app_number').notNull(),
    description: text('description').notNull(),
    category: text('category', { enum: APPROVAL_CATEGORIES }).notNull(),
    justification: text('justification').notNull(),
    character_sheet: text('character_sheet').notNull().default(''),
    mechanics: text('mechanics').notNull().default(''),
    character_background: text('character_background').notNull().default(''),
    group_name: text('group_name'),
    required_approval: text('required_approval', { enum: APPROVAL_LEVELS }).notNull(),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('Pending Low'),
    character_id: integer('character_id')
      .notNull()
      .references(() => characters.id_character, { onDelete: 'cascade' }),
    id_user_low: integer('id_user_low').references(() => users.id_user, { onDelete: 'set null' }),
    id_user_mid: integer('id_user_mid').references(() => users.id_user, { onDelete: 'set null' }),
    id_user_high: integer('id_user_high').references(() => users.id_user, { onDelete: 'set null' }),
    id_user_global: integer('id_user_global').references(() => users.id_user, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    update_date: timestamp('update_date', { withTimezone: true }).notNull().defaultNow(),
    updated_by: integer('updated_by').references(() => users.id_user, { onDelete: 'set null' }),
    /** When the application reached the level it waits at: its clock (DESIGN §6, escalation). */
    level_since: timestamp('level_since', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Where the application was submitted: its venue's location (fixed with its chain). Coordinators' and
     * storytellers' reach and the domain filter read it through approvals_location_idx.
     */
    id_location: integer('id_location').references(() => locations.id_location, { onDelete: 'set null' }),
    /** The highest level index reached (0 Low … 3 Top): approvers keep seeing what was at their level. */
    level_reached: integer('level_reached').notNull().default(0),
    /**
     * Whose turn it is (the shared rule `approverOf`): the chain's approver at the level the status waits at, null
     * when closed or held. "Awaiting me" is then one indexed column, and a statement prepared for it keeps one plan.
     */
    awaiting_approver: integer('awaiting_approver').generatedAlwaysAs(awaitingApproverSql),
  },
  (t) => [
    uniqueIndex('approvals_app_number_uq').on(t.app_number),
    index('approvals_character_idx').on(t.character_id),
    index('approvals_status_idx').on(t.status, t.update_date),
    index('approvals_level_sort_idx').on(t.required_approval, t.id),
    index('approvals_category_idx').on(t.category),
    // The list's sorts with their tie-break (issue 8): the first page reads ten matching index entries instead of
    // every application sharing the first date and sorting them.
    index('approvals_update_date_sort_idx').on(t.update_date, t.id),
    // What an approver sees, by last change (the Approvals list's default): each approver's applications in that order
    // from the level where they see them (approvals.visible.ts `seenByLastChange`). The first serves lookups by id_user_low.
    index('approvals_low_update_idx').on(t.id_user_low, t.update_date, t.id),
    index('approvals_mid_update_idx').on(t.id_user_mid, t.update_date, t.id).where(sql`${t.level_reached} >= 1`),
    index('approvals_high_update_idx').on(t.id_user_high, t.update_date, t.id).where(sql`${t.level_reached} >= 2`),
    index('approvals_global_update_idx').on(t.id_user_global, t.update_date, t.id).where(sql`${t.level_reached} >= 3`),
    index('approvals_mid_idx').on(t.id_user_mid),
    index('approvals_high_idx').on(t.id_user_high),
    index('approvals_global_idx').on(t.id_user_global),
    // Only open applications await anyone: the closed ones, most of them in time, are left out.
    index('approvals_awaiting_idx').on(t.awaiting_approver).where(sql`${t.awaiting_approver} is not null`),
    index('approvals_level_since_sort_idx').on(t.level_since, t.id),
    // 'Overdue' (open, oldest at its level first) and escalation walk only open applications, not the closed ones
    // that pile up at the old end as the society grows.
    index('approvals_open_level_since_idx').on(t.level_since, t.id).where(inList(t.status, OPEN_APPROVAL_STATUSES)),
    index('approvals_location_idx').on(t.id_location),
    index('approvals_description_sort_idx').on(sql`lower(${t.description})`, t.id),
    check('approvals_category_ck', inList(t.category, APPROVAL_CATEGORIES)),
    check('approvals_level_ck', inList(t.required_approval, APPROVAL_LEVELS)),
    check('approvals_status_ck', inList(t.status, APPROVAL_STATUSES)),
  ],
);

export const approvalEvents = pgTable(
  'approval_events',
  {
    id: serial('id').primaryKey(),
    approval_id: integer('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'cascade' }),
    id_user: integer('id_user').references(() => users.id_user, { onDelete: 'set null' }),
    from_status: text('from_status'),
    to_status: text('to_status').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_events_approval_idx').on(t.approval_id, t.at)],
);

/** The last app number issued per domain, advanced with UPDATE … RETURNING inside the submitting transaction. */
export const appNumberCounters = pgTable('app_number_counters', {
  id_location: integer('id_location')
    .primaryKey()
    .references(() => locations.id_location, { onDelete: 'cascade' }),
  last_number: integer('last_number').notNull().default(0),
});

/**
 * One row per escalation of an application at one level (its status and the instant it got there): the
 * unique key lets any number of API processes run the check and only the one whose insert lands notifies.
 */
export const approvalEscalations = pgTable(
  'approval_escalations',
  {
    id: serial('id').primaryKey(),
    approval_id: integer('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'cascade' }),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull(),
    level_since: timestamp('level_since', { withTimezone: true }).notNull(),
    escalated_at: timestamp('escalated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('approval_escalations_uq').on(t.approval_id, t.status, t.level_since)],
);
