// Issue 26: a member's data download, made in the background and kept here (not in a process's memory or disk)
// for a limited time, so any API process in front of one PostgreSQL can hand it over.
import { DATA_DOWNLOAD_STATUSES } from '@guildhall/shared/schemas/data-exchange';
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { inList } from './sql-helpers';
import { users } from './users';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const dataDownloads = pgTable(
  'data_downloads',
  {
    id: serial('id').primaryKey(),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id_user, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_DOWNLOAD_STATUSES }).notNull().default('preparing'),
    /** The zip once made; null while preparing (or when the build failed). */
    zip_file: bytea('zip_file'),
    size_bytes: integer('size_bytes'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ready_at: timestamp('ready_at', { withTimezone: true }),
    /** After this the file is no longer handed over, and the next request's sweep deletes the row. */
    expires_at: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_downloads_user_idx').on(t.id_user, t.id),
    // One build at a time per member: two requests at once would otherwise both insert and build.
    uniqueIndex('data_downloads_one_preparing_uq').on(t.id_user).where(sql`${t.status} = 'preparing'`),
    check('data_downloads_status_ck', inList(t.status, DATA_DOWNLOAD_STATUSES)),
  ],
);
