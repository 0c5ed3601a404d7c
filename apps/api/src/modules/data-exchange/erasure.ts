// Issue 26 (GDPR Art. 17): an administrator erases a member. Their name becomes "Former member #<id>"; e-mails,
// phones, addresses, birthday, photo, password, sign-in identities and data downloads go; their sessions end and are deleted with
// the addresses they came from. What the society must keep (prestige and XP ledgers, approvals and their history,
// the audit log) keeps its rows and numbers. Text elsewhere that quotes the person (a notice, a queued mail, an
// audit row's before/after) has their full name, e-mail, phone and street replaced wherever it appears.
import { eq, sql } from 'drizzle-orm';
import {
  auditLog,
  calendarFeeds,
  dataDownloads,
  mailPreferences,
  mailOutbox,
  notifications,
  passwordSetupTokens,
  sessions,
  tablesChanged,
  userAddresses,
  userEmails,
  userIdentities,
  userPhones,
  users,
  WATCHED_TABLES,
  type Db,
  type Tx,
} from '../../db/index';
import { endSessions } from '../administration/members.service';
import { writeAudit } from '../audit/audit.service';
import { withdrawFromComingGames } from '../games/signups.service';
import { dataExchangeErrors } from './data-exchange.errors';
import { ERASE_ACTION } from './erased-members';
import { auditAbout, byAddress, HELD_BY_ADDRESS, memberEmails } from './held-about';
import { personalData } from './personal-data';

/** Shorter strings are too likely to be parts of other words to be replaced across the database. */
const MIN_SCRUB_LENGTH = 5;
/** The keys of a member's personal data in audit rows' before/after. */
const PERSONAL_KEYS = [
  'user_fname',
  'user_mname',
  'user_lname',
  'user_nick',
  'user_prefix',
  'user_bday',
  'user_photo',
  'email',
  'tbl_user_email',
  'tbl_user_phone',
  'tbl_user_address',
  'phone_number',
  'addr_line_1',
  'addr_line_2',
  'addr_city',
  'addr_state',
  'addr_zip',
  'addr_country',
];
export const formerName = (id_user: number) => ({ user_fname: 'Former member', user_lname: `#${id_user}` });

async function identifying(tx: Db | Tx, id_user: number) {
  const [member] = await tx.select().from(users).where(eq(users.id_user, id_user));
  if (!member) throw dataExchangeErrors.memberNotFound();
  const emails = await memberEmails(tx, id_user);
  const phones = await tx.select({ v: userPhones.phone_number }).from(userPhones).where(eq(userPhones.id_user, id_user));
  const streets = await tx
    .select({ a: userAddresses.addr_line_1, b: userAddresses.addr_line_2 })
    .from(userAddresses)
    .where(eq(userAddresses.id_user, id_user));
  const names = [
    [member.user_fname, member.user_lname],
    [member.user_fname, member.user_mname, member.user_lname],
    [member.user_nick, member.user_lname],
  ].map((parts) => (parts.every(Boolean) ? parts.join(' ') : ''));
  const values = [...names, ...emails, ...phones.map((p) => p.v), ...streets.flatMap((s) => [s.a, s.b])];
  return {
    member,
    emails,
    scrub: [...new Set(values.filter((v): v is string => !!v && v.length >= MIN_SCRUB_LENGTH))],
  };
}

/** What an erasure would touch: the member's rows per table, and the fields it removes. */
export async function erasurePreview(db: Db, id_user: number) {
  await identifying(db, id_user);
  const data = await personalData(db, id_user);
  return {
    tables: Object.entries(data)
      // Rows about others they only acted on are not theirs, and erasure keeps them (decision 144).
      .filter(([table, rows]) => rows.length && !table.endsWith('.acted'))
      .map(([table, rows]) => ({ table, rows: rows.length })),
    removed: [
      'name (becomes "Former member #id")',
      'e-mails',
      'phones',
      'addresses',
      'birthday',
      'photo',
      'password',
      'sign-in identities',
      'sessions',
      'data downloads',
      'calendar feed',
      'mail preferences',
      'sign-ups to games not yet held',
    ],
    kept: ['prestige ledger', 'XP logs', 'characters', 'approvals and their history', 'audit log'],
  };
}

/** Other members' own contacts and names: a household's shared phone or street stays theirs. */
const OTHERS_OWN_TABLES = new Set(['users', 'user_emails', 'user_phones', 'user_addresses']);
const WORD_CHAR = /[\p{L}\p{N}_]/u;
/**
 * The value as a whole word (PostgreSQL's \m and \M where it starts or ends with a letter or digit), its regular
 * expression characters escaped: "Ann Lee" is not replaced inside "Joann Leeds".
 */
const wholeWord = (value: string) =>
  `${WORD_CHAR.test(value[0]!) ? '\\m' : ''}${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${WORD_CHAR.test(value.at(-1)!) ? '\\M' : ''}`;

/**
 * Replaces each value, case aside and as a whole word, in every text and JSON column that is not computed, except
 * members' own rows (the erased member's are already deleted or blanked).
 */
async function scrubEverywhere(tx: Tx, values: string[], replacement: string) {
  if (!values.length) return;
  const columns = (await tx.execute(
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb') and is_generated = 'NEVER'`,
  )) as unknown as { rows: { table_name: string; column_name: string; data_type: string }[] };
  const pattern = values.map(wholeWord).join('|');
  for (const c of columns.rows.filter((c) => !OTHERS_OWN_TABLES.has(c.table_name))) {
    const col = sql.identifier(c.column_name);
    const table = sql.identifier(c.table_name);
    const asText = c.data_type.startsWith('json') ? sql`${col}::text` : sql`${col}`;
    const replaced = sql`regexp_replace(${asText}, ${pattern}, ${replacement}, 'gi')`;
    const cast = c.data_type === 'jsonb' ? sql`::jsonb` : c.data_type === 'json' ? sql`::json` : sql``;
    await tx.execute(sql`update ${table} set ${col} = ${replaced}${cast} where ${asText} ~* ${pattern}`);
  }
}

export async function eraseMember(db: Db, by: number, id_user: number) {
  const touched = await db.transaction(async (tx) => {
    const { emails, scrub } = await identifying(tx, id_user);
    await endSessions(tx, id_user);
    await tx.delete(sessions).where(eq(sessions.id_user, id_user));
    if (emails.length) for (const table of HELD_BY_ADDRESS) await tx.delete(table).where(byAddress(table, emails));
    // Notices and mails addressed to them are theirs, and greet them by name: they go.
    for (const table of [
      userEmails,
      userPhones,
      userAddresses,
      userIdentities,
      passwordSetupTokens,
      notifications,
      mailOutbox,
      dataDownloads,
      calendarFeeds,
      mailPreferences,
    ]) {
      await tx.delete(table).where(eq(table.id_user, id_user));
    }
    await withdrawFromComingGames(tx, id_user);
    const former = formerName(id_user);
    await tx
      .update(users)
      .set({
        ...former,
        user_mname: null,
        user_nick: null,
        user_prefix: null,
        user_bday: null,
        user_photo: null,
        password_hash: null,
        is_disabled: true,
      })
      .where(eq(users.id_user, id_user));
    // Audit rows about the member keep what changed, not who they were.
    await tx
      .update(auditLog)
      .set({
        before: sql`${auditLog.before}::jsonb - string_to_array(${PERSONAL_KEYS.join(',')}, ',')`,
        after: sql`${auditLog.after}::jsonb - string_to_array(${PERSONAL_KEYS.join(',')}, ',')`,
      })
      .where(auditAbout(id_user));
    await scrubEverywhere(tx, scrub, `${former.user_fname} ${former.user_lname}`);
    // The audit row says who was erased and when, never what was erased.
    await writeAudit(tx, { by, action: ERASE_ACTION, entity: 'user', entityId: id_user, after: { values_replaced: scrub.length } });
    return scrub.length;
  });
  // The replacement may have touched any table: what this process remembers of any of them is dropped.
  tablesChanged(db, WATCHED_TABLES);
  return touched;
}
