// The Approvals list (SPEC §2) — what the actor may see (approvals.visible.ts), its filters and its pages — and a
// character's own applications.
import { OPEN_APPROVAL_STATUSES, isOverdue, overdueCutoff } from '@guildhall/shared/rules/approval-workflow';
import type { ApprovalListRow, ApprovalRow, ApprovalsListQuery } from '@guildhall/shared/schemas/approvals';
import type { ListResult, Paging } from '@guildhall/shared/schemas/envelope';
import { and, count, eq, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Actor } from '../../auth/actor';
import {
  qualified,
  everyWordStartsAName,
  filtersOf,
  pagedList,
  preparedOnce,
  totalKeyOf,
  type SortColumns,
  approvals,
  characters,
  users,
  venues,
  inList,
  type Db,
} from '../../db/index';
import { escapeLike } from '@guildhall/shared/rules/name-search';
import { fullName } from '../users/person-name';
import { coreColumns, coreDates, players } from './approvals.rows';
import { awaitingApprover, placesUnder, seenByLastChange, someMember, type Visible, visibleTo, visibleWhere } from './approvals.visible';

export const CHARACTER_APPROVALS_SORTABLE = ['created_at', 'app_number', 'status'] as const;

export async function listApprovalsOfCharacter(
  db: Db,
  character_id: number,
  paging: Paging<(typeof CHARACTER_APPROVALS_SORTABLE)[number]>,
): Promise<ListResult<ApprovalRow>> {
  const where = eq(approvals.character_id, character_id);
  const page = await pagedList(db, paging, {
    rows: () =>
      db
        .select({
          ...coreColumns,
          character_id: approvals.character_id,
          created_at: approvals.created_at,
        })
        .from(approvals)
        .where(where)
        .$dynamic(),
    count: () => db.select({ n: count() }).from(approvals).where(where),
    sortable: { created_at: approvals.created_at, app_number: approvals.app_number, status: approvals.status },
    tieBreak: approvals.id,
  });
  return {
    rows: page.rows.map((r) => ({
      ...r,
      ...coreDates(r),
      created_at: r.created_at.toISOString(),
    })),
    count: page.count,
  };
}

/** The joins a total needs for the filters in force (none for a plain view: approvals' indexes alone). */
function countJoins<Q extends PgSelect>(q: Q, needs: { player: boolean; venue: boolean }): Q {
  if (!needs.player && !needs.venue) return q;
  q.innerJoin(characters, eq(characters.id_character, approvals.character_id));
  if (needs.player) q.innerJoin(players, eq(players.id_user, characters.id_user));
  if (needs.venue) q.leftJoin(venues, eq(venues.id_venue, characters.id_venue));
  return q;
}

/** The name of the venue an application's character plays on, read by its key. */
const venueName = sql<
  string | null
>`(select ${venues.venue_name} from ${venues} where ${venues.id_venue} = ${qualified(characters.id_venue)})`;
/** The name of whoever last changed the application, read by its key. */
const updatedByName = sql<
  string | null
>`(select ${fullName(users)} from ${users} where ${users.id_user} = ${qualified(approvals.updated_by)})`;

/**
 * A row of the Approvals list: the application with its character and player; the venue's and the updater's names
 * are read by key for the page's rows (joined, PostgreSQL spent longer planning a page than running it). Sorted by
 * venue, the venue is joined too, for the order.
 */
const listRowsSelect = (db: Db, sortBy: ApprovalsListQuery['sortBy']) => {
  const select = db
    .select({
      ...coreColumns,
      character_name: characters.character_name,
      player_name: fullName(players),
      user_camnum: players.user_camnum,
      venue_name: venueName,
      updated_by_name: updatedByName,
    })
    .from(approvals)
    .innerJoin(characters, eq(characters.id_character, approvals.character_id))
    .innerJoin(players, eq(players.id_user, characters.id_user))
    .$dynamic();
  return sortBy === 'venue_name' ? select.leftJoin(venues, eq(venues.id_venue, characters.id_venue)) : select;
};
const SORTABLE = {
  level_since: approvals.level_since,
  update_date: approvals.update_date,
  app_number: approvals.app_number,
  description: sql`lower(${approvals.description})`,
  player_name: [sql`lower(${players.user_lname})`, players.id_user],
  venue_name: sql`lower(${venues.venue_name})`,
  required_approval: approvals.required_approval,
  status: approvals.status,
} satisfies SortColumns<ApprovalsListQuery['sortBy']>;
/** The sorts whose keys need a join: the views below leave them to a statement planned for each page. */
const JOINED_SORTS: readonly ApprovalsListQuery['sortBy'][] = ['player_name', 'venue_name'];

/**
 * The views an approver opens most (everything they see, or what awaits them; overdue or not) sorted by a column of
 * the application: a page is one statement prepared per view and sort (db/list.ts `prepared`), the member, their
 * places and the overdue cutoff its placeholders.
 */
function viewWhere(view: 'all' | 'visible' | 'visible_reach' | 'awaiting', overdue: boolean): SQL | undefined {
  const me = sql.placeholder('me');
  return and(
    view === 'awaiting'
      ? awaitingApprover(me)
      : view === 'all'
        ? undefined
        : visibleWhere(me, view === 'visible_reach' ? sql.placeholder('reached') : undefined),
    ...(overdue ? [inList(approvals.status, OPEN_APPROVAL_STATUSES), lt(approvals.level_since, sql.placeholder('cutoff'))] : []),
  );
}

/** The list's filters, what the actor may see among them, as the where clause of a statement built for this request. */
function filtersWhere(actor: Actor, query: ApprovalsListQuery, visible: Visible | undefined, cutoff: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [query.awaitingMe ? awaitingApprover(actor.id_user) : visible?.where?.()];
  // The open statuses written out (not bound), so even a generic plan sees approvals_open_level_since_idx's predicate.
  if (query.overdue) conditions.push(inList(approvals.status, OPEN_APPROVAL_STATUSES), lt(approvals.level_since, cutoff));
  if (query.itemName) conditions.push(sql`lower(${approvals.description}) like ${`%${escapeLike(query.itemName.toLowerCase())}%`}`);
  if (query.appNumber) conditions.push(like(approvals.app_number, `%${escapeLike(query.appNumber.toUpperCase())}%`));
  if (query.userName) {
    const camnum = like(players.user_camnum, `${escapeLike(query.userName.toUpperCase())}%`);
    const names = everyWordStartsAName(query.userName, [players.fold_fname, players.fold_lname, players.fold_nick]);
    conditions.push(or(camnum, and(...names)));
  }
  if (query.venueTypeId) conditions.push(eq(venues.id_venue_type, query.venueTypeId));
  if (query.level) conditions.push(eq(approvals.required_approval, query.level));
  if (query.category) conditions.push(eq(approvals.category, query.category));
  if (query.status) conditions.push(eq(approvals.status, query.status));
  if (query.domainIds?.length) conditions.push(sql`${approvals.id_location} in ${placesUnder([query.domainIds.at(-1)!])}`);
  return and(...conditions);
}

export async function listApprovals(
  db: Db,
  actor: Actor,
  query: ApprovalsListQuery,
  clock: { now: Date; escalationDays: number },
): Promise<ListResult<ApprovalListRow>> {
  // 'Now' to the whole minute, so the overdue filter's total is one remembered query for a minute (db/list.ts)
  // rather than a new count every second. The rows' overdue marks use the same instant: an application shows as
  // overdue up to a minute after its days have run out, never before.
  const now = new Date(Math.floor(clock.now.getTime() / 60_000) * 60_000);
  const cutoff = overdueCutoff(now, clock.escalationDays);
  // Waiting at one's own level implies being visible (an approver sees what reached their level): one query less.
  const visible = query.awaitingMe ? undefined : await visibleTo(db, actor);
  // The filters as SQL: built only for a statement that is not prepared, and for its total.
  const where = () => filtersWhere(actor, query, visible, cutoff);
  const reads = { player: Boolean(query.userName), venue: Boolean(query.venueTypeId) };
  // What the actor sees is theirs, and what is overdue moves with the minute.
  const totalKey = totalKeyOf(`approvals of ${actor.id_user} at ${query.overdue ? now.getTime() : ''}`, query);
  const countAll = () => countJoins(db.select({ n: count() }).from(approvals).$dynamic(), reads).where(where());
  const { awaitingMe: _awaitingMe, overdue: _overdue, ...otherFilters } = filtersOf(query);
  const view = query.awaitingMe ? 'awaiting' : visible?.where === undefined ? 'all' : visible?.reached.length ? 'visible_reach' : 'visible';
  const viewName = `${view}${query.overdue ? '_overdue' : ''}`;
  const inView = () => viewWhere(view, Boolean(query.overdue));
  // What a member without places sees: its total, and its pages by last change, read alike for every member.
  const anyMemberAlike = view === 'visible' && !query.overdue;
  const viewValues = { me: actor.id_user, reached: visible?.reached ?? [], cutoff: cutoff.toISOString() };
  const list = { totalKey, sortable: SORTABLE, tieBreak: approvals.id, rows: () => listRowsSelect(db, query.sortBy), count: countAll };
  const page =
    !JOINED_SORTS.includes(query.sortBy) && Object.values(otherFilters).every((value) => value === undefined)
      ? await pagedList(db, query, {
          ...list,
          keys: (page) =>
            anyMemberAlike && query.sortBy === 'update_date'
              ? seenByLastChange(db, someMember, page)
              : db.select({ key: approvals.id }).from(approvals).where(inView()).$dynamic(),
          // Its total too, while small (counted on every request): one statement per view.
          count: () =>
            preparedOnce<{ n: number }>(db, `approvals_count_${viewName}`, () =>
              db
                .select({ n: count() })
                .from(approvals)
                .where(anyMemberAlike ? visibleWhere(someMember, undefined) : inView()),
            ).execute(viewValues),
          prepared: { name: `approvals_page_${viewName}`, values: viewValues },
        })
      : await pagedList(db, query, {
          ...list,
          // The page's ids first, joining only what the filters and the sort read: a deep page skips ids, not joined rows.
          keys: () =>
            countJoins(db.select({ key: approvals.id }).from(approvals).$dynamic(), {
              player: reads.player || query.sortBy === 'player_name',
              venue: reads.venue || query.sortBy === 'venue_name',
            }).where(where()),
        });
  return {
    rows: page.rows.map((r) => ({
      ...r,
      ...coreDates(r),
      overdue: isOverdue(r.status, r.level_since, now, clock.escalationDays),
    })),
    count: page.count,
  };
}
