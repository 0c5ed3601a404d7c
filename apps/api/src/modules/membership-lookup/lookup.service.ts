// SPEC §2 Membership Lookup: filters, sorting and paging in SQL.
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type { LookupQuery, LookupRow } from '@guildhall/shared/schemas/membership-lookup';
import { and, count, eq, gte, like, lte, or, sql } from 'drizzle-orm';
import {
  foldedWords,
  startsOfNamesHold,
  startsOfWords,
  qualified,
  filtersOf,
  oncePerDatabase,
  pagedList,
  totalKeyOf,
  type SortColumns,
  locations,
  userEmails,
  users,
  type Db,
} from '../../db/index';
import { escapeLike } from '@guildhall/shared/rules/name-search';
import { primaryEmailOfMember as primaryEmail } from '../users/primary-email';
import { memberColumns } from '../users/users.service';

/** The member's place, read by its key for each of the page's rows (a join hashed all 628 places for ten members). */
const placeName = sql<string | null>`(select l.location_name from ${locations} l where l.id_location = ${qualified(users.id_location)})`;
/** A lookup row: the member, their place and (for those who may see it) their primary e-mail. */
const rowsSelect = (db: Db, withEmail: boolean) =>
  db
    .select({ ...memberColumns, location_name: placeName, email: withEmail ? primaryEmail : sql<string | null>`null` })
    .from(users)
    .$dynamic();
/** The whole society, counted by one statement prepared by name. */
const societyCount = oncePerDatabase((db) => db.select({ n: count() }).from(users).prepare('lookup_count'));
/** Members whose number starts with the prefix, counted by one statement prepared by name. */
const numberCount = oncePerDatabase((db) =>
  db
    .select({ n: count() })
    .from(users)
    .where(like(users.user_camnum, sql.placeholder('prefix')))
    .prepare('lookup_count_by_number'),
);
/**
 * The members whose names all of several words start, found first (`materialized`: the GIN index, whatever the words)
 * and named "users" for the page's order: PostgreSQL keeps one plan for any words, the words behind a sub-select so
 * the plan does not depend on them (decision 154). It holds the columns the lookup sorts by.
 */
const membersOfWords = (db: Db) => {
  const { location_name: _place, ...ownColumns } = SORT_COLUMNS;
  const matching = db
    .select(ownColumns)
    .from(users)
    .where(startsOfNamesHold(users.name_starts, sql`(select ${sql.placeholder('starts')}::text[])`));
  return sql`(with matches as materialized (${matching}) select * from matches) as ${users}`;
};
const SORT_COLUMNS = {
  id_user: users.id_user,
  user_lname: users.user_lname,
  user_fname: users.user_fname,
  user_camnum: users.user_camnum,
  user_expiration: users.user_expiration,
  user_type: users.user_type,
  location_name: locations.location_name,
} satisfies SortColumns<LookupQuery['sortBy']>;

export async function lookupMembers(db: Db, query: LookupQuery, opts: { withEmail: boolean }): Promise<ListResult<LookupRow>> {
  const countAll = () => db.select({ n: count() }).from(users).leftJoin(locations, eq(locations.id_location, users.id_location));
  const list = { totalKey: totalKeyOf('lookup', query), sortable: SORT_COLUMNS, tieBreak: users.id_user };
  // The whole society sorted by a column of users (the default page and every page past it): one statement prepared
  // per sort, its plan kept. A name or a number: below.
  const { name, membershipCode, ...others } = filtersOf(query);
  // Neither another filter nor the place's name as the sort: the one table's statements below.
  const usersAlone = query.sortBy !== 'location_name' && Object.values(others).every((value) => value === undefined);
  if (usersAlone && name === undefined && membershipCode === undefined) {
    return pagedList(db, query, {
      ...list,
      keys: () => db.select({ key: users.id_user }).from(users).$dynamic(),
      rows: () => rowsSelect(db, opts.withEmail),
      count: () => societyCount(db).execute(),
      prepared: { name: opts.withEmail ? 'lookup_page_with_email' : 'lookup_page' },
    });
  }
  // Every word must start one of the names: 'ada love' finds Ada Lovelace (users.name_starts, GIN-indexed).
  // A name alone: one statement for one word, planned for each run's word (a kept plan would read a common prefix's
  // thousands of members through the index), and one for several words whatever their number, its plan kept: its
  // members found first, then their page (decision 154).
  const words = foldedWords(query.name);
  // What name_starts must hold: the words, and the pair of two of them if they have two letters (decision 158).
  const starts = startsOfWords(words);
  if (usersAlone && membershipCode === undefined && words.length > 0) {
    return pagedList(db, query, {
      ...list,
      keys: () =>
        words.length === 1
          ? db
              .select({ key: users.id_user })
              .from(users)
              .where(startsOfNamesHold(users.name_starts, sql.placeholder('starts')))
              .$dynamic()
          : db
              .select({ key: sql<number>`${users}.${sql.identifier('id_user')}` })
              .from(membersOfWords(db))
              .$dynamic(),
      rows: () => rowsSelect(db, opts.withEmail),
      count: () => countAll().where(startsOfNamesHold(users.name_starts, starts)),
      prepared: {
        name: `lookup_${words.length === 1 ? '1_word' : 'words'}${opts.withEmail ? '_with_email' : ''}`,
        values: { starts },
        plan: words.length === 1 ? 'eachRun' : 'cached',
      },
    });
  }
  // With other filters: the words' condition among the others.
  const conditions = words.length > 0 ? [startsOfNamesHold(users.name_starts, starts)] : [];
  // Membership numbers are upper case: a plain prefix LIKE can use users_camnum_pattern_idx.
  const numberPrefix = query.membershipCode ? `${escapeLike(query.membershipCode.toUpperCase())}%` : undefined;
  // A number alone: its page and total prepared by name. PostgreSQL plans them for each prefix while a generic plan
  // would cost more (a society of thousands: tested), and keeps the generic plan where it does not (the demo).
  if (usersAlone && numberPrefix && name === undefined) {
    const values = { prefix: numberPrefix };
    return pagedList(db, query, {
      ...list,
      keys: () =>
        db
          .select({ key: users.id_user })
          .from(users)
          .where(like(users.user_camnum, sql.placeholder('prefix')))
          .$dynamic(),
      rows: () => rowsSelect(db, opts.withEmail),
      count: () => numberCount(db).execute(values),
      prepared: { name: `lookup_by_number${opts.withEmail ? '_with_email' : ''}`, values, plan: 'cached' },
    });
  }
  if (numberPrefix) conditions.push(like(users.user_camnum, numberPrefix));
  if (query.email) {
    conditions.push(
      sql`exists (select 1 from ${userEmails} e where e.id_user = ${qualified(users.id_user)} and lower(e.email) like ${`%${escapeLike(query.email.toLowerCase())}%`})`,
    );
  }
  if (query.locations?.length) {
    // SPEC §5: the chosen domain's parents plus itself; members of the domain and of every place below it.
    const chosen = query.locations.at(-1)!;
    conditions.push(
      or(eq(users.id_location, chosen), sql`(',' || coalesce(${locations.id_parent_location}, '') || ',') like ${`%,${chosen},%`}`)!,
    );
  }
  if (query.userType) conditions.push(eq(users.user_type, query.userType));
  if (query.from) conditions.push(gte(users.user_expiration, query.from));
  if (query.to) conditions.push(lte(users.user_expiration, query.to));
  const where = conditions.length ? and(...conditions) : undefined;

  // Location only joins in when a filter or the sort reads it; otherwise the keys come from users alone.
  const needsLocation = Boolean(query.locations?.length) || query.sortBy === 'location_name';
  const keys = db.select({ key: users.id_user }).from(users).$dynamic();
  if (needsLocation) keys.leftJoin(locations, eq(locations.id_location, users.id_location));
  const rows = () => {
    const select = rowsSelect(db, opts.withEmail);
    return needsLocation ? select.leftJoin(locations, eq(locations.id_location, users.id_location)) : select;
  };
  // A deep page sorts and skips ids only (an index-only path for the indexed sorts), then reads ten rows.
  return pagedList(db, query, { ...list, keys: () => keys.where(where), rows, count: () => countAll().where(where) });
}
