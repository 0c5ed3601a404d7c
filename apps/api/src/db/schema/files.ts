// SPEC §3 File (a documentation folder) and its contents (the documents in it).
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const files = pgTable(
  'files',
  {
    id_file: serial('id_file').primaryKey(),
    file_name: text('file_name').notNull(),
    created_by: integer('created_by').references(() => users.id_user, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_name_idx').on(sql`lower(${t.file_name})`), index('files_created_idx').on(t.created_at)],
);

export const fileContents = pgTable(
  'file_contents',
  {
    id_file_content: serial('id_file_content').primaryKey(),
    id_file: integer('id_file')
      .notNull()
      .references(() => files.id_file, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    mime_type: text('mime_type').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    data: bytea('data').notNull(),
    created_by: integer('created_by').references(() => users.id_user, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_contents_file_idx').on(t.id_file), index('file_contents_filename_idx').on(sql`lower(${t.filename})`)],
);
