// Applications (SPEC §3 Approval, DESIGN §6): a character's list, submission with its number and chain, the
// Approvals list and the detail.
import { APPROVAL_LEVELS, type ApprovalLevel, POSITION_TYPES, type PositionType } from '@guildhall/shared/constants';
import { appNumber } from '@guildhall/shared/rules/app-number';
import {
  isOpenStatus,
  isOverdue,
  levelOf,
  OPEN_APPROVAL_STATUSES,
  overdueCutoff,
  waitingDays,
} from '@guildhall/shared/rules/approval-workflow';
import { ancestorIds, childDomains, type LocationLike, regionOf } from '@guildhall/shared/rules/locations';
import type { ApprovalAdd, ApprovalDetail, ApprovalListRow, ApprovalRow, ApprovalsListQuery } from '@guildhall/shared/schemas/approvals';
import type { ListResult, Paging } from '@guildhall/shared/schemas/envelope';
import { type AnyColumn, and, asc, count, eq, gte, inArray, isNotNull, like, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Actor } from '../../auth/actor';
import { anyOf } from '../../db/any-of';
import { builtWhere } from '../../db/built-once';
import type { Db, Tx } from '../../db/client';
import { everyWordStartsAName } from '../../db/fold';
import { escapeLike } from '../../db/like';
import { keysSelect, pagedList, preparedRowsByKey, type SortColumns } from '../../db/list';
import {
  appNumberCounters,
  approvalEscalations,
  approvalEvents,
  approvals,
  characters,
  locations,
  positions,
  users,
  venues,
} from '../../db/schema/index';
import { inList } from '../../db/schema/sql-helpers';
import { charactersErrors } from '../characters/characters.errors';
import { listLocations } from '../locations/locations.service';
import { noticeSubject, notify } from '../notifications/notifications.service';
import { approvalsErrors } from './approvals.errors';
import { type ApprovalRecord, reachOf } from './approvals.policy';

export const approvalLink = (id: number) => `/storyteller/approvals/${id}`;
export const awaitsReviewMessage = (appNumber: string, description: string, character: string) =>
  `Application ${appNumber} (${description}) for ${character} awaits your review.`;

/** The columns every view of an application starts with (ApprovalRow's). */
const coreColumns = {
  id: approvals.id,
  app_number: approvals.app_number,
  description: approvals.description,
  category: approvals.category,
  required_approval: approvals.required_approval,
  status: approvals.status,
  update_date: approvals.update_date,
  level_since: approvals.level_since,
};

export const CHARACTER_APPROVALS_SORTABLE = ['created_at', 'app_number', 'status'] as const;

export async function listApprovalsOfCharacter(
  db: Db,
  character_id: number,
  paging: Paging<(typeof CHARACTER_APPROVALS_SORTABLE)[number]>,
): Promise<ListResult<ApprovalRow>> {
  const where = eq(approvals.character_id, character_id);
  const page = await pagedList(paging, {
    rows: db
      .select({
        ...coreColumns,
        character_id: approvals.character_id,
        created_at: approvals.created_at,
      })
      .from(approvals)
      .where(where)
      .$dynamic(),
    count: db.select({ n: count() }).from(approvals).where(where),
    sortable: { created_at: approvals.created_at, app_number: approvals.app_number, status: approvals.status },
    tieBreak: approvals.id,
  });
  return {
    rows: page.rows.map((r) => ({
      ...r,
      created_at: r.created_at.toISOString(),
      update_date: r.update_date.toISOString(),
      level_since: r.level_since.toISOString(),
    })),
    count: page.count,
  };
}

/** The holder of the first post of `type` at the location, if any (the lowest position id: the senior post). */
async function holder(tx: Tx, id_location: number | undefined, type: 'DST' | 'RST' | 'NST'): Promise<number | null> {
  const [row] = await tx
    .select({ id_user: positions.id_user })
    .from(positions)
    .where(
      and(eq(positions.pos_type, type), isNotNull(positions.id_user), id_location ? eq(positions.id_location, id_location) : undefined),
    )
    .orderBy(positions.id_position)
    .limit(1);
  return row?.id_user ?? null;
}

/**
 * DESIGN §6 submission: the number is the player's domain code and that domain's next sequence (one UPDATE …
 * RETURNING, so concurrent submissions never collide); the chain is the venue's storyteller (Low), a domain
 * storyteller of the venue's domain (Mid), a regional storyteller of its region (High) and a national
 * storyteller (Global). Status 'Pending Low', an event, and the first approver is told.
 */
export async function submitApproval(db: Db, submitterId: number, input: ApprovalAdd): Promise<{ id: number; app_number: string }> {
  return db.transaction(async (tx) => {
    const [character] = await tx
      .select({
        status: characters.character_status,
        name: characters.character_name,
        player_location: users.id_location,
        venue_location: venues.id_location,
        venue_st: venues.id_user_st,
      })
      .from(characters)
      .innerJoin(users, eq(users.id_user, characters.id_user))
      .leftJoin(venues, eq(venues.id_venue, characters.id_venue))
      .where(eq(characters.id_character, input.character_id));
    if (!character) throw charactersErrors.notFound();
    if (character.status !== 'Active') throw approvalsErrors.characterNotActive();
    if (!character.player_location) throw approvalsErrors.noDomain();

    const locations = await listLocations(tx);
    const byId = new Map(locations.map((l) => [l.id_location, l]));
    const [counter] = await tx
      .insert(appNumberCounters)
      .values({ id_location: character.player_location, last_number: 1 })
      .onConflictDoUpdate({ target: appNumberCounters.id_location, set: { last_number: sql`${appNumberCounters.last_number} + 1` } })
      .returning({ last: appNumberCounters.last_number });
    const number = appNumber(byId.get(character.player_location)!.domain_code, counter!.last);

    const venueLocation = character.venue_location ? byId.get(character.venue_location) : undefined;
    const region = venueLocation ? regionOf(venueLocation, byId) : undefined;
    const chain = {
      id_user_low: character.venue_st,
      id_user_mid: await holder(tx, venueLocation?.id_location ?? -1, 'DST'),
      id_user_high: await holder(tx, region?.id_location ?? -1, 'RST'),
      id_user_global: await holder(tx, undefined, 'NST'),
    };
    const [created] = await tx
      .insert(approvals)
      .values({
        app_number: number,
        description: input.description,
        category: input.category,
        justification: input.justification,
        character_sheet: input.character_sheet,
        mechanics: input.mechanics,
        required_approval: input.required_approval,
        status: 'Pending Low',
        character_id: input.character_id,
        updated_by: submitterId,
        id_location: venueLocation?.id_location ?? null,
        ...chain,
      })
      .returning({ id: approvals.id });
    await tx
      .insert(approvalEvents)
      .values({ approval_id: created!.id, id_user: submitterId, from_status: null, to_status: 'Pending Low', note: 'Submitted' });
    if (chain.id_user_low !== submitterId) {
      await notify(tx, [chain.id_user_low], {
        kind: 'approval',
        message: awaitsReviewMessage(number, input.description, character.name),
        link: approvalLink(created!.id),
        subject: noticeSubject('approval', created!.id),
      });
    }
    return { id: created!.id, app_number: number };
  });
}

// ─── The Approvals list and the detail (SPEC §2) ───

export const players = alias(users, 'player');
const updaters = alias(users, 'updater');
export const venuePlaces = alias(locations, 'venue_place');
const fullName = (u: { user_fname: AnyColumn; user_lname: AnyColumn }) =>
  sql<string>`trim(concat_ws(' ', ${u.user_fname}, ${u.user_lname}))`;
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

/** An application with its character, player, venue and its place (`players`, `venuePlaces`). */
export const joined = <Q extends PgSelect>(q: Q) =>
  q
    .innerJoin(characters, eq(characters.id_character, approvals.character_id))
    .innerJoin(players, eq(players.id_user, characters.id_user))
    .leftJoin(venues, eq(venues.id_venue, characters.id_venue))
    .leftJoin(venuePlaces, eq(venuePlaces.id_location, approvals.id_location));

/** The joins a total needs for the filters in force (none for a plain view: approvals' indexes alone). */
function countJoins<Q extends PgSelect>(q: Q, needs: { player: boolean; venue: boolean }): Q {
  if (!needs.player && !needs.venue) return q;
  q.innerJoin(characters, eq(characters.id_character, approvals.character_id));
  if (needs.player) q.innerJoin(players, eq(players.id_user, characters.id_user));
  if (needs.venue) q.leftJoin(venues, eq(venues.id_venue, characters.id_venue));
  return q;
}

/** The member's own characters, as a subquery (indexed by characters_user_idx). */
/** `me` is a member's id, or a placeholder of a prepared statement (the overview's). */
type Me = number | SQL.Aliased | ReturnType<typeof sql.placeholder>;
const ownCharacters = (me: Me) => sql`(select ${characters.id_character} from ${characters} where ${characters.id_user} = ${me})`;

/**
 * SQL twin of `canView` (approvals.policy.ts): what the actor may see, or undefined for administrators, written
 * on the approvals row alone so a total needs no join (the chain columns and own characters: a BitmapOr).
 */
async function visibleTo(db: Db, actor: Actor): Promise<{ where: SQL | undefined }> {
  if (actor.isAdmin) return { where: undefined };
  const me = actor.id_user;
  const reach = reachOf(actor);
  // A post reaches the applications submitted at its place and below (approvals_location_idx); the places come
  // from the remembered location list, not a statement of their own.
  const reached = reach.length ? placesAtOrUnder(await listLocations(db), reach) : [];
  return {
    where: or(
      // The member's own characters as an array the statement reads first (an InitPlan), so this branch joins the
      // others in one BitmapOr on approvals_character_idx without a statement of its own.
      sql`${approvals.character_id} = any(array${ownCharacters(me)})`,
      eq(approvals.id_user_low, me),
      and(eq(approvals.id_user_mid, me), gte(approvals.level_reached, 1)),
      and(eq(approvals.id_user_high, me), gte(approvals.level_reached, 2)),
      and(eq(approvals.id_user_global, me), gte(approvals.level_reached, 3)),
      reached.length ? anyOf(approvals.id_location, reached) : undefined,
    ),
  };
}

/** A row of the Approvals list: the application with its character, player, venue and who last changed it. */
const listRowsSelect = (db: Db) =>
  joined(
    db
      .select({
        ...coreColumns,
        character_name: characters.character_name,
        player_name: fullName(players),
        user_camnum: players.user_camnum,
        venue_name: venues.venue_name,
        updated_by_name: sql<string | null>`case when ${updaters.id_user} is null then null else ${fullName(updaters)} end`,
      })
      .from(approvals)
      .$dynamic(),
  ).leftJoin(updaters, eq(updaters.id_user, approvals.updated_by));
/** A filtered page's rows by their keys, prepared once (db/list.ts). */
const listRowOf = preparedRowsByKey('approvals_rows', { column: approvals.id, field: 'id' }, (db, keys) => listRowsSelect(db).where(keys));

/** Waiting at a level where the actor is the named approver (never their own character's). */
export function awaitingApprover(me: Me): SQL {
  return and(
    or(
      // The statuses written out, not bound: the planner sees them even in a prepared statement's generic plan.
      and(inList(approvals.status, ['Pending Low']), eq(approvals.id_user_low, me)),
      and(inList(approvals.status, ['Pending Mid']), eq(approvals.id_user_mid, me)),
      and(inList(approvals.status, ['Pending High']), eq(approvals.id_user_high, me)),
      and(inList(approvals.status, ['Pending Top', 'Pending Global']), eq(approvals.id_user_global, me)),
    ),
    sql`${approvals.character_id} not in ${ownCharacters(me)}`,
  )!;
}

export async function listApprovals(
  db: Db,
  actor: Actor,
  query: ApprovalsListQuery,
  clock: { now: Date; escalationDays: number },
): Promise<ListResult<ApprovalListRow>> {
  // 'Now' to the whole minute: the overdue filter's total is then the same query for a minute, remembered and
  // recounted in the background (db/list.ts), where to the second it was counted anew every second (20 ms of the
  // database's time for a regional storyteller at 100,000 members). The rows' overdue marks use the same instant,
  // so an application shows as overdue up to a minute after its days have run out, never before.
  const now = new Date(Math.floor(clock.now.getTime() / 60_000) * 60_000);
  const cutoff = overdueCutoff(now, clock.escalationDays);
  // Waiting at one's own level implies being visible (an approver sees what reached their level): one query less.
  const conditions: (SQL | undefined)[] = [query.awaitingMe ? awaitingApprover(actor.id_user) : (await visibleTo(db, actor)).where];
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
  // Built once for the count, the keys and the total (db/built-once.ts).
  const built = builtWhere(db, and(...conditions));
  const where = built.where;
  const reads = { player: Boolean(query.userName), venue: Boolean(query.venueTypeId) };
  const page = await pagedList(query, {
    // The page's ids first, joining only what the filters and the sort read (issue 8): a deep page skips ids, not
    // joined rows.
    keys: (withTotal) =>
      countJoins(keysSelect(db, approvals.id, withTotal).from(approvals).$dynamic(), {
        player: reads.player || query.sortBy === 'player_name',
        venue: reads.venue || query.sortBy === 'venue_name',
      }).where(where),
    rows: listRowsSelect(db).where(where),
    rowByKey: (key) => listRowOf(db, key),
    count: countJoins(db.select({ n: count() }).from(approvals).$dynamic(), reads).where(where),
    // The count's joins follow from what the filters read.
    countKey: { text: `approvals player=${reads.player} venue=${reads.venue}`, where: built },
    sortable: {
      level_since: approvals.level_since,
      update_date: approvals.update_date,
      app_number: approvals.app_number,
      description: sql`lower(${approvals.description})`,
      player_name: [sql`lower(${players.user_lname})`, players.id_user],
      venue_name: sql`lower(${venues.venue_name})`,
      required_approval: approvals.required_approval,
      status: approvals.status,
    } satisfies SortColumns<ApprovalsListQuery['sortBy']>,
    tieBreak: approvals.id,
  });
  return {
    rows: page.rows.map((r) => ({
      ...r,
      update_date: r.update_date.toISOString(),
      level_since: r.level_since.toISOString(),
      overdue: isOverdue(r.status, r.level_since, now, clock.escalationDays),
    })),
    count: page.count,
  };
}

/** What the policy decides on: status, levels, the player, the chain and the venue's places. */
export async function approvalRecord(db: Db | Tx, id: number): Promise<ApprovalRecord & { id_location: number | null }> {
  const query = db
    .select({
      id: approvals.id,
      status: approvals.status,
      required_approval: approvals.required_approval,
      owner: characters.id_user,
      level_reached: approvals.level_reached,
      low: approvals.id_user_low,
      mid: approvals.id_user_mid,
      high: approvals.id_user_high,
      top: approvals.id_user_global,
      id_location: venuePlaces.id_location,
      ancestors: venuePlaces.id_parent_location,
    })
    .from(approvals)
    .$dynamic();
  const [row] = await joined(query).where(eq(approvals.id, id));
  if (!row) throw approvalsErrors.notFound();
  return {
    id: row.id,
    status: row.status,
    required_approval: row.required_approval,
    owner: row.owner,
    level_reached: row.level_reached,
    chain: { Low: row.low, Mid: row.mid, High: row.high, Top: row.top },
    places: row.id_location ? [row.id_location, ...ancestorIds({ id_parent_location: row.ancestors }).reverse()] : [],
    id_location: row.id_location,
  };
}

/** The post that makes a chain member the approver of a level, for the title shown beside them. */
const LEVEL_POSTS: Record<ApprovalLevel, PositionType[]> = {
  Low: ['VST'],
  Mid: ['DST', 'ADST'],
  High: ['RST', 'ARST'],
  Top: ['NST', 'ANST'],
};
const LEVEL_TITLE: Record<ApprovalLevel, string> = {
  Low: POSITION_TYPES.VST.title,
  Mid: POSITION_TYPES.DST.title,
  High: POSITION_TYPES.RST.title,
  Top: POSITION_TYPES.NST.title,
};

export async function getApproval(db: Db, record: ApprovalRecord, clock: { now: Date; escalationDays: number }): Promise<ApprovalDetail> {
  const [row] = await joined(
    db
      .select({
        approval: approvals,
        character_name: characters.character_name,
        id_user: characters.id_user,
        player_name: fullName(players),
        user_camnum: players.user_camnum,
        id_venue: characters.id_venue,
        venue_name: venues.venue_name,
      })
      .from(approvals)
      .$dynamic(),
  ).where(eq(approvals.id, record.id));
  if (!row) throw approvalsErrors.notFound();
  const a = row.approval;
  const chainIds = APPROVAL_LEVELS.map((l) => record.chain[l]).filter((v): v is number => v !== null);
  const [members, posts, events, escalation] = await Promise.all([
    chainIds.length
      ? db
          .select({ id_user: users.id_user, name: fullName(users), user_camnum: users.user_camnum })
          .from(users)
          .where(inArray(users.id_user, chainIds))
      : [],
    chainIds.length
      ? db
          .select({
            id_user: positions.id_user,
            pos_type: positions.pos_type,
            pos_title: positions.pos_title,
            id_location: positions.id_location,
          })
          .from(positions)
          .where(inArray(positions.id_user, chainIds))
          .orderBy(positions.id_position)
      : [],
    db
      .select({
        id: approvalEvents.id,
        id_user: approvalEvents.id_user,
        name: sql<string | null>`case when ${users.id_user} is null then null else ${fullName(users)} end`,
        from_status: approvalEvents.from_status,
        to_status: approvalEvents.to_status,
        note: approvalEvents.note,
        at: approvalEvents.at,
      })
      .from(approvalEvents)
      .leftJoin(users, eq(users.id_user, approvalEvents.id_user))
      .where(eq(approvalEvents.approval_id, a.id))
      .orderBy(asc(approvalEvents.at), asc(approvalEvents.id)),
    db
      .select({ at: approvalEscalations.escalated_at })
      .from(approvalEscalations)
      .where(
        and(
          eq(approvalEscalations.approval_id, a.id),
          eq(approvalEscalations.status, a.status),
          eq(approvalEscalations.level_since, a.level_since),
        ),
      ),
  ]);
  const current = levelOf(a.status);
  const open = isOpenStatus(a.status);
  return {
    id: a.id,
    app_number: a.app_number,
    description: a.description,
    category: a.category,
    justification: a.justification,
    character_sheet: a.character_sheet,
    mechanics: a.mechanics,
    character_background: a.character_background,
    group_name: a.group_name,
    required_approval: a.required_approval,
    status: a.status,
    created_at: a.created_at.toISOString(),
    update_date: a.update_date.toISOString(),
    level_since: a.level_since.toISOString(),
    character_id: a.character_id,
    character_name: row.character_name,
    id_user: row.id_user,
    player_name: row.player_name,
    user_camnum: row.user_camnum,
    id_venue: row.id_venue,
    venue_name: row.venue_name,
    chain: APPROVAL_LEVELS.map((level) => {
      const id_user = record.chain[level];
      const member = members.find((m) => m.id_user === id_user);
      const mine = posts.filter((p) => p.id_user === id_user && LEVEL_POSTS[level].includes(p.pos_type as PositionType));
      const post = mine.find((p) => record.places.includes(p.id_location)) ?? mine[0];
      return {
        level,
        id_user,
        name: member?.name ?? null,
        title: id_user === null ? null : (post?.pos_title ?? LEVEL_TITLE[level]),
        user_camnum: member?.user_camnum ?? null,
        current: open && current === level,
      };
    }),
    events: events.map((e) => ({ ...e, at: e.at.toISOString() })),
    clock: {
      level_since: a.level_since.toISOString(),
      waiting_days: open ? waitingDays(a.level_since, clock.now) : 0,
      overdue: isOverdue(a.status, a.level_since, clock.now, clock.escalationDays),
      limit_days: clock.escalationDays,
      escalated_at: escalation[0]?.at.toISOString() ?? null,
    },
  };
}
