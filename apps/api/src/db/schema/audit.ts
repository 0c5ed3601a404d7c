// The audit log (issue 13): every administrative and coordinator change, prestige deletion and approval override.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who made the change; null once that member is gone. */
    id_user: integer('id_user').references(() => users.id_user, { onDelete: 'set null' }),
    /** What was done, dotted like ability names: 'member.create', 'position.assign', 'approval.override'. */
    action: text('action').notNull(),
    /** The kind of record changed ('user', 'position', 'location', 'approval', 'prestige', …) and its id. */
    entity: text('entity').notNull(),
    entity_id: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_entity_idx').on(t.entity, t.entity_id, t.at),
    index('audit_log_user_idx').on(t.id_user, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);
