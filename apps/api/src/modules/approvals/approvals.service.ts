// Applications (SPEC §3 Approval, DESIGN §6): submission with its number and chain, the record the policy decides
// on, and the detail with its chain and history. The lists are in approvals.list.ts, the actions in
// approvals.workflow.ts.
import { APPROVAL_LEVELS, type ApprovalLevel, POSITION_TYPES, type PositionType } from '@guildhall/shared/constants';
import {
  CHAIN_COLUMN,
  firstAwaitedLevel,
  isOpenStatus,
  isOverdue,
  levelIndex,
  levelOf,
  pendingStatusOf,
  waitingDays,
} from '@guildhall/shared/rules/approval-workflow';
import { ancestorIds, regionOf } from '@guildhall/shared/rules/locations';
import type { ApprovalAdd, ApprovalDetail } from '@guildhall/shared/schemas/approvals';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  appNumberCounters,
  approvalEscalations,
  approvalEvents,
  approvals,
  characters,
  positions,
  users,
  venues,
  type Db,
  type Tx,
} from '../../db/index';
import { charactersErrors } from '../characters/characters.errors';
import { listLocations } from '../locations/locations.service';
import { tellAwaitingApprover } from './approvals.notices';
import { approvalsErrors } from './approvals.errors';
import { freeAppNumber } from './approvals.numbers';
import type { ApprovalRecord } from './approvals.policy';
import { fullName } from '../users/person-name';
import { joined, joinedWithPlace, players, venuePlaces } from './approvals.rows';
import { noticesTransaction } from '../notifications/notifications.service';

/**
 * The holder of the first post of `type` at the location, if any (the lowest position id: the senior post). Read
 * `for share`: a reassignment of the post waits for the submission (and then moves it), or the submission waits
 * and reads the new holder — never a chain read before a reassignment and stored after it.
 */
async function holder(tx: Tx, id_location: number | undefined, type: 'DST' | 'RST' | 'NST'): Promise<number | null> {
  const [row] = await tx
    .select({ id_user: positions.id_user })
    .from(positions)
    .where(
      and(eq(positions.pos_type, type), isNotNull(positions.id_user), id_location ? eq(positions.id_location, id_location) : undefined),
    )
    .orderBy(positions.id_position)
    .limit(1)
    .for('share');
  return row?.id_user ?? null;
}

/**
 * DESIGN §6 submission: the number is the player's domain code and that domain's next sequence (one UPDATE …
 * RETURNING, so concurrent submissions never collide); the chain is the venue's storyteller (Low), a domain
 * storyteller of the venue's domain (Mid), a regional storyteller of its region (High) and a national
 * storyteller (Global). Status 'Pending Low' (or the first level the player does not approve: decision 143), an
 * event, and that level's approver is told.
 */
export async function submitApproval(db: Db, submitterId: number, input: ApprovalAdd): Promise<{ id: number; app_number: string }> {
  return noticesTransaction(db, async (tx) => {
    const [character] = await tx
      .select({
        status: characters.character_status,
        name: characters.character_name,
        owner: characters.id_user,
        player_location: users.id_location,
        id_venue: venues.id_venue,
        venue_location: venues.id_location,
      })
      .from(characters)
      .innerJoin(users, eq(users.id_user, characters.id_user))
      .leftJoin(venues, eq(venues.id_venue, characters.id_venue))
      .where(eq(characters.id_character, input.character_id))
      // Held until the application is stored: a retire or a move (which lock the character `for update` first)
      // waits for it, and then resolves or moves the application, instead of leaving it on a retired character.
      .for('share', { of: characters });
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
    const number = await freeAppNumber(tx, character.player_location, byId.get(character.player_location)!.domain_code, counter!.last);

    const venueLocation = character.venue_location ? byId.get(character.venue_location) : undefined;
    const region = venueLocation ? regionOf(venueLocation, byId) : undefined;
    // The posts, then the venue, each `for share`: the order a post's reassignment locks them in
    // (positions.admin.ts), so the two wait for each other instead of deadlocking.
    const mid = await holder(tx, venueLocation?.id_location ?? -1, 'DST');
    const high = await holder(tx, region?.id_location ?? -1, 'RST');
    const global = await holder(tx, undefined, 'NST');
    const [venue] = character.id_venue
      ? await tx.select({ st: venues.id_user_st }).from(venues).where(eq(venues.id_venue, character.id_venue)).for('share')
      : [];
    const chain = { id_user_low: venue?.st ?? null, id_user_mid: mid, id_user_high: high, id_user_global: global };
    // A level the player approves (their own sheet, their domain) is passed over: it first waits where someone else does.
    const first = firstAwaitedLevel({ Low: chain.id_user_low, Mid: mid, High: high, Top: global }, character.owner);
    const status = pendingStatusOf(first);
    const approver = chain[CHAIN_COLUMN[first]];
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
        status,
        level_reached: levelIndex(first),
        character_id: input.character_id,
        updated_by: submitterId,
        id_location: venueLocation?.id_location ?? null,
        ...chain,
      })
      .returning({ id: approvals.id });
    await tx
      .insert(approvalEvents)
      .values({ approval_id: created!.id, id_user: submitterId, from_status: null, to_status: status, note: 'Submitted' });
    if (approver !== submitterId) {
      await tellAwaitingApprover(tx, approver, { id: created!.id, app_number: number, description: input.description }, character.name);
    }
    return { id: created!.id, app_number: number };
  });
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
  const [row] = await joinedWithPlace(query).where(eq(approvals.id, id));
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
