// Issue 13: the members a coordinator (or administrator) sees, and their members' recent prestige.
import { EXPIRING_WITHIN_DAYS } from '@guildhall/shared/constants';
import type { MembersQuery } from '@guildhall/shared/schemas/administration';
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type { PrestigeEntry } from '@guildhall/shared/schemas/prestige';
import { and, count, eq, lt, type SQL, sql } from 'drizzle-orm';
import { anyOf, mailAddressMarks, pagedList, totalKeyOf, prestige, users, type Db } from '../../db/index';
import { escapeLike, foldText } from '@guildhall/shared/rules/name-search';
import { domainCodes } from '../locations/locations.service';
import { prestigeEntryColumns, reviewers } from '../prestige/prestige.service';
import { primaryEmailOfMember } from '../users/primary-email';

export type Reach = number[] | 'all';

const inReach = (reach: Reach): SQL | undefined => (reach === 'all' ? undefined : anyOf(users.id_location, reach));

const primaryEmail = primaryEmailOfMember;

// Issue 25: that address is marked as bouncing (decision 080).
const emailBouncing = sql<boolean>`exists (select 1 from ${mailAddressMarks} m where m.marked_at is not null and m.email = lower(${primaryEmail}))`;

/** The list's filters (issue 13), shared by the page and its CSV export (issue 26). */
export function membersWhere(reach: Reach, query: Omit<MembersQuery, 'sortBy' | 'direction' | 'page' | 'count'>) {
  const today = sql`current_date`;
  const words = (query.name ?? '').trim().split(/\s+/).filter(Boolean).map(foldText);
  return and(
    inReach(reach),
    query.locationId ? eq(users.id_location, query.locationId) : undefined,
    query.userType ? eq(users.user_type, query.userType) : undefined,
    query.standing === 'expired' ? lt(users.user_expiration, sql`${today}`) : undefined,
    query.standing === 'expiring' ? sql`${users.user_expiration} between ${today} and ${today} + ${EXPIRING_WITHIN_DAYS}::int` : undefined,
    ...words.map((word) => {
      const prefix = `${escapeLike(word)}%`;
      return sql`(${users.fold_fname} like ${prefix} or ${users.fold_lname} like ${prefix} or ${users.fold_nick} like ${prefix} or ${users.user_camnum} like ${`${escapeLike(word.toUpperCase())}%`})`;
    }),
  );
}

/** What the list shows of each member. */
export const memberListColumns = {
  id_user: users.id_user,
  user_fname: users.user_fname,
  user_mname: users.user_mname,
  user_lname: users.user_lname,
  user_camnum: users.user_camnum,
  user_type: users.user_type,
  user_expiration: users.user_expiration,
  id_location: users.id_location,
  is_disabled: users.is_disabled,
  email: primaryEmail,
  email_bouncing: emailBouncing,
};

export async function listMembers(db: Db, reach: Reach, query: MembersQuery) {
  const where = membersWhere(reach, query);
  const [page, codes] = await Promise.all([
    pagedList(db, query, {
      totalKey: totalKeyOf(`members in reach ${JSON.stringify(reach)}`, query),
      rows: () => db.select(memberListColumns).from(users).where(where).$dynamic(),
      count: () => db.select({ n: count() }).from(users).where(where),
      sortable: {
        user_lname: users.user_lname,
        user_camnum: users.user_camnum,
        user_expiration: users.user_expiration,
        id_user: users.id_user,
      },
      tieBreak: users.id_user,
    }),
    domainCodes(db),
  ]);
  return {
    rows: page.rows.map((row) => ({ ...row, domain_code: row.id_location ? (codes.get(row.id_location) ?? null) : null })),
    count: page.count,
  };
}

/** The newest prestige of the members within reach. */
export async function reachPrestige(
  db: Db,
  reach: Reach,
  paging: { page: number; count: number; sortBy: 'prestige_datetime'; direction: 'asc' | 'desc' },
): Promise<ListResult<PrestigeEntry & { member_name: string; user_camnum: string }>> {
  const where = inReach(reach);
  const page = await pagedList(db, paging, {
    rows: () =>
      db
        .select({
          ...prestigeEntryColumns,
          member_name: sql<string>`concat_ws(' ', ${users.user_fname}, ${users.user_lname})`,
          user_camnum: users.user_camnum,
        })
        .from(prestige)
        .innerJoin(users, eq(users.id_user, prestige.id_user))
        .leftJoin(reviewers, eq(reviewers.id_user, prestige.id_reviewer))
        .where(where)
        .$dynamic(),
    count: () => db.select({ n: count() }).from(prestige).innerJoin(users, eq(users.id_user, prestige.id_user)).where(where),
    sortable: { prestige_datetime: prestige.prestige_datetime },
    tieBreak: prestige.id_prestige,
  });
  return { rows: page.rows.map((r) => ({ ...r, prestige_datetime: r.prestige_datetime.toISOString() })), count: page.count };
}
