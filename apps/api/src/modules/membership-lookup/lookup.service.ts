// SPEC §2 Membership Lookup: filters, sorting and paging in SQL.
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type { LookupQuery, LookupRow } from '@guildhall/shared/schemas/membership-lookup';
import { and, count, eq, gte, like, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  builtWhere,
  everyWordStartsAName,
  foldText,
  wordsOf,
  escapeLike,
  qualified,
  keysSelect,
  PLAN_ONCE_MARK,
  pagedList,
  preparedRowsByKey,
  type SortColumns,
  locations,
  userEmails,
  users,
  type Db,
} from '../../db/index';
import { memberColumns } from '../users/users.service';

const primaryEmail = sql<
  string | null
>`(select e.email from ${userEmails} e where e.id_user = ${qualified(users.id_user)} order by e.id_email limit 1)`;

/** A lookup row: the member, their place and (for those who may see it) their primary e-mail. */
const rowsSelect = (db: Db, withEmail: boolean) =>
  db
    .select({
      ...memberColumns,
      location_name: locations.location_name,
      email: withEmail ? primaryEmail : sql<string | null>`null`,
    })
    .from(users)
    .leftJoin(locations, eq(locations.id_location, users.id_location));
// A filtered page's rows by their keys, each way prepared once (db/list.ts).
const rowWithEmail = preparedRowsByKey('lookup_rows_with_email', { column: users.id_user, field: 'id_user' }, (db, keys) =>
  rowsSelect(db, true).where(keys),
);
const rowWithoutEmail = preparedRowsByKey('lookup_rows', { column: users.id_user, field: 'id_user' }, (db, keys) =>
  rowsSelect(db, false).where(keys),
);

const SORT_COLUMNS: SortColumns<LookupQuery['sortBy']> = {
  id_user: users.id_user,
  user_lname: users.user_lname,
  user_fname: users.user_fname,
  user_camnum: users.user_camnum,
  user_expiration: users.user_expiration,
  user_type: users.user_type,
  location_name: locations.location_name,
};

export async function lookupMembers(db: Db, query: LookupQuery, opts: { withEmail: boolean }): Promise<ListResult<LookupRow>> {
  const conditions: SQL[] = [];
  // Every word must start one of the names: 'ada love' finds Ada Lovelace.
  conditions.push(...everyWordStartsAName(query.name, [users.fold_fname, users.fold_mname, users.fold_lname, users.fold_nick]));
  // Membership numbers are upper case: a plain prefix LIKE can use users_camnum_pattern_idx.
  if (query.membershipCode) conditions.push(like(users.user_camnum, `${escapeLike(query.membershipCode.toUpperCase())}%`));
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
  // Looked up by name alone, with words of two letters or more: the statements are named and planned once
  // (db/fold.ts); their plan reads the name indexes whatever the words, as a plan made for them would. A one-letter
  // word matches a third of the society, which a plan for its value reads otherwise (in the order asked, stopping
  // at the page), and other filters' plans depend on their values: those stay planned for each request.
  const byNameAlone = conditions.length > 0 && conditions.length === wordsOf(query.name).length;
  const planOnce = byNameAlone && wordsOf(query.name).every((word) => [...foldText(word)].length >= 2);
  // Built once for the count, the keys and the total (db/built-once.ts).
  const built = builtWhere(
    db,
    conditions.length ? and(...(planOnce ? [sql`${sql.raw(PLAN_ONCE_MARK)} true`, ...conditions] : conditions)) : undefined,
  );
  const where = built.where;

  // Location only joins in when a filter or the sort reads it; otherwise the keys come from users alone.
  const needsLocation = Boolean(query.locations?.length) || query.sortBy === 'location_name';
  const keys = (withTotal: boolean) => {
    const select = keysSelect(db, users.id_user, withTotal).from(users).$dynamic();
    if (needsLocation) select.leftJoin(locations, eq(locations.id_location, users.id_location));
    return select.where(where);
  };
  return pagedList(query, {
    // A deep page sorts and skips ids only (an index-only path for the indexed sorts), then reads ten rows; a total
    // not known yet comes with the ids.
    keys,
    rows: rowsSelect(db, opts.withEmail).where(where).$dynamic(),
    rowByKey: (key) => (opts.withEmail ? rowWithEmail : rowWithoutEmail)(db, key),
    count: db.select({ n: count() }).from(users).leftJoin(locations, eq(locations.id_location, users.id_location)).where(where),
    // The count's from and joins are always these.
    countKey: { text: 'lookup', where: built },
    sortable: SORT_COLUMNS,
    tieBreak: users.id_user,
  });
}
