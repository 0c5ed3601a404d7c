// The Approvals list (SPEC §2) — what the actor may see (`visibleTo`, the SQL twin of the policy's `canView`), its
// filters and its pages — and a character's own applications.
import { OPEN_APPROVAL_STATUSES, isOverdue, overdueCutoff } from '@guildhall/shared/rules/approval-workflow';
import { childDomains, type LocationLike } from '@guildhall/shared/rules/locations';
import type { ApprovalListRow, ApprovalRow, ApprovalsListQuery } from '@guildhall/shared/schemas/approvals';
import type { ListResult, Paging } from '@guildhall/shared/schemas/envelope';
import { and, count, eq, gte, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Actor } from '../../auth/actor';
import {
  anyOf,
  anyOfKeys,
  qualified,
  everyWordStartsAName,
  filtersOf,
  pagedList,
  preparedOnce,
  totalKeyOf,
  type SortColumns,
  approvals,
  characters,
  locations,
  users,
  venues,
  inList,
  type Db,
} from '../../db/index';
import { escapeLike } from '@guildhall/shared/rules/name-search';
import { listLocations } from '../locations/locations.service';
import { reachOf, reachesEverywhere } from './approvals.policy';
import { fullName } from '../users/person-name';
import { coreColumns, coreDates, players } from './approvals.rows';

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

/** The places at and below any of `ids` (a subquery over the small locations table). */
const placesUnder = (ids: number[]) => {
  const array = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  return sql`(select ${locations.id_location} from ${locations} where ${locations.id_location} = any(${array}) or coalesce(string_to_array(${locations.id_parent_location}, ',')::int[], '{}') && ${array})`;
};

// Per location list (the remembered one: the same array until a location changes) and reach.
const placesOfReach = new WeakMap<readonly LocationLike[], Map<string, readonly number[]>>();
function placesAtOrUnder(all: readonly LocationLike[], reach: readonly number[]): readonly number[] {
  let byReach = placesOfReach.get(all);
  if (!byReach) {
    byReach = new Map();
    placesOfReach.set(all, byReach);
  }
  const key = reach.join(',');
  let places = byReach.get(key);
  if (!places) {
    places = [...new Set([...reach, ...reach.flatMap((id) => childDomains(all, id).map((l) => l.id_location))])];
    byReach.set(key, places);
  }
  return places;
}

/** The joins a total needs for the filters in force (none for a plain view: approvals' indexes alone). */
function countJoins<Q extends PgSelect>(q: Q, needs: { player: boolean; venue: boolean }): Q {
  if (!needs.player && !needs.venue) return q;
  q.innerJoin(characters, eq(characters.id_character, approvals.character_id));
  if (needs.player) q.innerJoin(players, eq(players.id_user, characters.id_user));
  if (needs.venue) q.leftJoin(venues, eq(venues.id_venue, characters.id_venue));
  return q;
}

/** `me` is a member's id, or a placeholder of a prepared statement (the overview's). */
type Me = number | SQL.Aliased | ReturnType<typeof sql.placeholder>;
/** The member's own characters, as a subquery (indexed by characters_user_idx). */
const ownCharacters = (me: Me) => sql`(select ${characters.id_character} from ${characters} where ${characters.id_user} = ${me})`;

/** The places a post reaches: values, or the placeholder of a prepared statement (an int array). */
type Places = readonly number[] | ReturnType<typeof sql.placeholder>;

/**
 * SQL twin of `canView` (approvals.policy.ts) for `me` and the places their posts reach: written on the approvals row
 * alone so a total needs no join (the chain columns and own characters: a BitmapOr).
 */
function visibleWhere(me: Me, reached: Places | undefined): SQL {
  return or(
    // The member's own characters as an array the statement reads first (an InitPlan), so this branch joins the
    // others in one BitmapOr on approvals_character_idx without a statement of its own.
    sql`${approvals.character_id} = any(array${ownCharacters(me)})`,
    eq(approvals.id_user_low, me),
    and(eq(approvals.id_user_mid, me), gte(approvals.level_reached, 1)),
    and(eq(approvals.id_user_high, me), gte(approvals.level_reached, 2)),
    and(eq(approvals.id_user_global, me), gte(approvals.level_reached, 3)),
    reached === undefined
      ? undefined
      : Array.isArray(reached)
        ? anyOf(approvals.id_location, reached)
        : anyOfKeys(approvals.id_location, reached),
  )!;
}

/** What the actor may see (built when a statement is), and the places at and below their posts. */
type Visible = { where: (() => SQL) | undefined; reached: readonly number[] };

/**
 * What the actor may see: undefined for administrators and national posts; `reached`, the places at and below their posts (from the
 * remembered location list, not a statement of their own; approvals_location_idx), empty when they hold none.
 */
async function visibleTo(db: Db, actor: Actor): Promise<Visible> {
  if (actor.isAdmin || reachesEverywhere(actor)) return { where: undefined, reached: [] };
  const reach = reachOf(actor);
  const reached = reach.length ? placesAtOrUnder(await listLocations(db), reach) : [];
  return { where: () => visibleWhere(actor.id_user, reached.length ? reached : undefined), reached };
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
/** Waiting at a level where the actor is the named approver (never their own character's). */
export function awaitingApprover(me: Me): SQL {
  return and(eq(approvals.awaiting_approver, me), sql`${approvals.character_id} not in ${ownCharacters(me)}`)!;
}

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
  const viewValues = { me: actor.id_user, reached: visible?.reached ?? [], cutoff: cutoff.toISOString() };
  const list = { totalKey, sortable: SORTABLE, tieBreak: approvals.id, rows: () => listRowsSelect(db, query.sortBy), count: countAll };
  const page =
    !JOINED_SORTS.includes(query.sortBy) && Object.values(otherFilters).every((value) => value === undefined)
      ? await pagedList(db, query, {
          ...list,
          keys: () => db.select({ key: approvals.id }).from(approvals).where(inView()).$dynamic(),
          // Its total too, while small (counted on every request): one statement per view.
          count: () =>
            preparedOnce<{ n: number }>(db, `approvals_count_${viewName}`, () =>
              db.select({ n: count() }).from(approvals).where(inView()),
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
