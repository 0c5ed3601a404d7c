// SPEC §3 User with its email, phone and address rows; DESIGN §4 identities, sessions and sign-in attempts.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { USER_TYPES } from '@guildhall/shared/constants';
import { locations } from './locations';
import { foldSql } from './fold';
import { inList } from './sql-helpers';

export const users = pgTable(
  'users',
  {
    id_user: serial('id_user').primaryKey(),
    user_fname: text('user_fname').notNull(),
    user_mname: text('user_mname'),
    user_lname: text('user_lname').notNull(),
    user_nick: text('user_nick'),
    user_prefix: text('user_prefix'),
    user_bday: date('user_bday', { mode: 'string' }),
    user_camnum: text('user_camnum').notNull(),
    user_type: text('user_type', { enum: USER_TYPES }).notNull().default('LARP'),
    user_expiration: date('user_expiration', { mode: 'string' }),
    id_location: integer('id_location').references(() => locations.id_location, { onDelete: 'set null' }),
    user_photo: text('user_photo'),
    is_admin: boolean('is_admin').notNull().default(false),
    is_disabled: boolean('is_disabled').notNull().default(false),
    /** argon2id hash for the embedded SSO; null for members who sign in only through an external provider. */
    password_hash: text('password_hash'),
    password_changed_at: timestamp('password_changed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Each name folded (lower case, accents off: db/schema/fold.ts), stored, for the name searches' prefix indexes: a
    // plain column plans and rechecks in half the time of the same expression indexed (issue 8, decision 029).
    fold_fname: text('fold_fname').generatedAlwaysAs(sql`${foldSql(sql.identifier('user_fname'))}`),
    fold_mname: text('fold_mname').generatedAlwaysAs(sql`${foldSql(sql.identifier('user_mname'))}`),
    fold_lname: text('fold_lname').generatedAlwaysAs(sql`${foldSql(sql.identifier('user_lname'))}`),
    fold_nick: text('fold_nick').generatedAlwaysAs(sql`${foldSql(sql.identifier('user_nick'))}`),
    // Every start of every folded name ('a', 'ad', 'ada', … of each) and every pair of two-letter starts ('ad lo'), for
    // the membership lookup by name: its words, and their pair, are all among them (fold.ts `startsOfWords`, decision
    // 158). A generated column cannot read another, hence the names again.
    name_starts: text('name_starts')
      .array()
      .generatedAlwaysAs(
        sql`starts_of_names(${sql.join(
          ['user_fname', 'user_mname', 'user_lname', 'user_nick'].map((name) => foldSql(sql.identifier(name))),
          sql`, `,
        )})`,
      ),
  },
  (t) => [
    uniqueIndex('users_camnum_uq').on(t.user_camnum),
    index('users_location_idx').on(t.id_location),
    index('users_lname_fname_idx').on(sql`lower(${t.user_lname})`, sql`lower(${t.user_fname})`),
    // Membership lookup: folded-name prefixes, membership-number prefixes, and its sort columns.
    index('users_fold_fname_idx').on(sql`${t.fold_fname} text_pattern_ops`),
    index('users_fold_mname_idx').on(sql`${t.fold_mname} text_pattern_ops`),
    index('users_fold_lname_idx').on(sql`${t.fold_lname} text_pattern_ops`),
    index('users_fold_nick_idx').on(sql`${t.fold_nick} text_pattern_ops`),
    index('users_name_starts_idx').using('gin', t.name_starts),
    index('users_camnum_pattern_idx').on(sql`${t.user_camnum} text_pattern_ops`),
    index('users_lname_sort_idx').on(t.user_lname, t.id_user),
    // Lists of characters and applications sorted by their player (lower(last name), then the member).
    index('users_lname_id_sort_idx').on(sql`lower(${t.user_lname})`, t.id_user),
    index('users_fname_sort_idx').on(t.user_fname, t.id_user),
    // With the tie-break beside the sort column, a deep page of the lookup skips index entries only (issue 8);
    // they serve the type filter and the expiry range too.
    index('users_type_sort_idx').on(t.user_type, t.id_user),
    index('users_expiration_sort_idx').on(t.user_expiration, t.id_user),
    check('users_type_ck', inList(t.user_type, USER_TYPES)),
  ],
);

export const userEmails = pgTable(
  'user_emails',
  {
    id_email: serial('id_email').primaryKey(),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id_user, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    is_verified: boolean('is_verified').notNull().default(false),
  },
  (t) => [uniqueIndex('user_emails_email_uq').on(sql`lower(${t.email})`), index('user_emails_user_idx').on(t.id_user)],
);

export const userPhones = pgTable(
  'user_phones',
  {
    id_phone: serial('id_phone').primaryKey(),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id_user, { onDelete: 'cascade' }),
    phone_number: text('phone_number').notNull(),
  },
  (t) => [index('user_phones_user_idx').on(t.id_user)],
);

export const userAddresses = pgTable(
  'user_addresses',
  {
    id_address: serial('id_address').primaryKey(),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id_user, { onDelete: 'cascade' }),
    addr_line_1: text('addr_line_1'),
    addr_line_2: text('addr_line_2'),
    addr_city: text('addr_city'),
    addr_state: text('addr_state'),
    addr_zip: text('addr_zip'),
    addr_country: text('addr_country'),
  },
  (t) => [index('user_addresses_user_idx').on(t.id_user)],
);

/** An external provider's account linked to a member, keyed on (issuer, subject) (DESIGN §4). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id_identity: serial('id_identity').primaryKey(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id_user, { onDelete: 'cascade' }),
    linked_by: text('linked_by').notNull(),
    linked_at: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_issuer_subject_uq').on(t.issuer, t.subject), index('user_identities_user_idx').on(t.id_user)],
);

/** One row per issued access token's session (`sid`), so logout and a password change revoke at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id_user, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    method: text('method').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
    /** The provider's ID token of an SSO sign-in, sent back as id_token_hint when the member logs out. */
    id_token: text('id_token'),
  },
  (t) => [index('sessions_user_idx').on(t.id_user)],
);

/** Failed sign-ins, counted per address and per account for DESIGN §4's limits; shared by all API processes. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: serial('id').primaryKey(),
    ip: text('ip').notNull(),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** A password check in progress: it holds a place under its account and its address until it settles. */
    pending: boolean('pending').notNull().default(false),
  },
  (t) => [index('sign_in_failures_ip_at_idx').on(t.ip, t.at), index('sign_in_failures_email_at_idx').on(t.email, t.at)],
);
