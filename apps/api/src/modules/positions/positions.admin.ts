// Issue 13: assigning, ending and reassigning posts, with their history (the list and a post's history are read in
// positions.list.ts). A change takes effect on the holder's next request (roles are read per request) and on the
// approval chains that name the post: open applications whose approver at the post's level was the old holder move
// to the new one, each with an approval event.
import { POSITION_TYPES, type PositionType } from '@guildhall/shared/constants';
import { chainLevelOf } from '@guildhall/shared/rules/position-chain';
import type { PositionAdd } from '@guildhall/shared/schemas/administration';
import { firstAwaitedLevel, levelOf } from '@guildhall/shared/rules/approval-workflow';
import { and, eq, inArray, isNull, like, type SQL, sql } from 'drizzle-orm';
import {
  approvalEvents,
  approvals,
  characters,
  locations,
  positionHolders,
  positions,
  tablesChanged,
  users,
  venues,
  type Db,
  type Tx,
} from '../../db/index';
import { passOver } from '../approvals/approvals.pass-over';
import { tellAwaitingApprover } from '../approvals/approvals.notices';
import { writeAudit } from '../audit/audit.service';
import { noticeSubject, notify, resolveNotices, type NoticeTx, noticesTransaction } from '../notifications/notifications.service';
import { positionsErrors } from './positions.errors';

type PositionRecord = typeof positions.$inferSelect;

async function activeMember(tx: Tx, id_user: number) {
  const [member] = await tx
    .select({
      id_user: users.id_user,
      name: sql<string>`concat_ws(' ', ${users.user_fname}, ${users.user_lname})`,
      camnum: users.user_camnum,
    })
    .from(users)
    .where(and(eq(users.id_user, id_user), eq(users.is_disabled, false)));
  if (!member) throw positionsErrors.noSuchMember();
  return member;
}

async function describeMember(tx: Tx, id_user: number | null): Promise<string> {
  if (id_user === null) return 'vacant';
  const [m] = await tx
    .select({ name: sql<string>`concat_ws(' ', ${users.user_fname}, ${users.user_lname})`, camnum: users.user_camnum })
    .from(users)
    .where(eq(users.id_user, id_user));
  return m ? `${m.name} (${m.camnum})` : `member ${id_user}`;
}

/** The workflow's level a post's chain column approves at. */
const WORKFLOW_LEVEL = { low: 'Low', mid: 'Mid', high: 'High', global: 'Top' } as const;

const CHAIN_COLUMN = {
  low: approvals.id_user_low,
  mid: approvals.id_user_mid,
  high: approvals.id_user_high,
  global: approvals.id_user_global,
} as const;

/**
 * Moves the open applications the post approves from the old holder to the new one (null: vacant), writing an
 * approval event for each (the status stays). The post reaches: a venue post, the venue's characters; a domain
 * post, applications submitted at that location; a regional post, at the region and below; a national post,
 * every application. Returns the ids moved.
 */
export async function repointApprovals(tx: NoticeTx, position: PositionRecord, from: number | null, to: number | null, by: number) {
  const level = chainLevelOf(position.pos_type as PositionType);
  if (!level || from === to) return [];
  const column = CHAIN_COLUMN[level];
  let reach: SQL | undefined;
  if (level === 'low') {
    if (!position.id_venue) return [];
    reach = eq(characters.id_venue, position.id_venue);
  } else if (level === 'mid') {
    reach = eq(locations.id_location, position.id_location);
  } else if (level === 'high') {
    reach = sql`(${locations.id_location} = ${position.id_location} or (',' || coalesce(${locations.id_parent_location}, '') || ',') like ${`%,${position.id_location},%`})`;
  }
  const open = await tx
    .select({
      id: approvals.id,
      status: approvals.status,
      owner: characters.id_user,
      name: characters.character_name,
      app_number: approvals.app_number,
      description: approvals.description,
      chain: { Low: approvals.id_user_low, Mid: approvals.id_user_mid, High: approvals.id_user_high, Top: approvals.id_user_global },
    })
    .from(approvals)
    .innerJoin(characters, eq(characters.id_character, approvals.character_id))
    // An application keeps the place it was submitted at (approvals.id_location, issue 12), as its chain does.
    .leftJoin(locations, eq(locations.id_location, approvals.id_location))
    .where(and(like(approvals.status, 'Pending%'), from === null ? isNull(column) : eq(column, from), reach))
    .for('update', { of: approvals });
  if (open.length === 0) return [];
  const ids = open.map((a) => a.id);
  await tx
    .update(approvals)
    .set({ [`id_user_${level}`]: to })
    .where(inArray(approvals.id, ids));
  const note = `Approver changed: ${await describeMember(tx, from)} → ${await describeMember(tx, to)} (${position.pos_title})`;
  await tx
    .insert(approvalEvents)
    .values(open.map((a) => ({ approval_id: a.id, id_user: by, from_status: a.status, to_status: a.status, note })));
  // Those waiting at this post's level no longer await the former holder: their unread notices about them are done.
  const awaiting = open.filter((a) => levelOf(a.status) === WORKFLOW_LEVEL[level]);
  if (from !== null && awaiting.length > 0) {
    await resolveNotices(
      tx,
      awaiting.map((a) => noticeSubject('approval', a.id)),
      from,
    );
  }
  // The new holder's own applications at this level wait at the next one whose approver is someone else (decision 143).
  const own = awaiting.filter((a) => a.owner === to);
  for (const a of own) {
    const chain = { ...a.chain, [WORKFLOW_LEVEL[level]]: to };
    const first = firstAwaitedLevel(chain, a.owner, WORKFLOW_LEVEL[level]);
    await passOver(tx, a, first, by);
    const approver = chain[first];
    if (approver === null || approver === a.owner) continue;
    await tellAwaitingApprover(tx, approver, a, a.name);
  }
  const theirs = awaiting.length - own.length;
  if (to !== null && theirs > 0) {
    const n = theirs;
    await notify(tx, to, {
      kind: 'approval',
      message: `${n} open application${n === 1 ? '' : 's'} now await${n === 1 ? 's' : ''} your review as ${position.pos_title}.`,
      link: '/storyteller/approvals',
      subject: noticeSubject('position', position.id_position),
    });
  }
  return ids;
}

/**
 * A venue's storyteller (venues.id_user_st, who edits the sheet and signs characters) is its VST post's holder. The
 * characters Pending on the sheet go with it: the former storyteller's notices about them are resolved, and the new
 * one is told how many await them (not their own, which they may not sign).
 */
async function syncVenueStoryteller(tx: NoticeTx, position: PositionRecord, id_user: number | null) {
  if (position.pos_type !== 'VST' || !position.id_venue) return;
  const [venue] = await tx
    .select({ former: venues.id_user_st, name: venues.venue_name })
    .from(venues)
    .where(eq(venues.id_venue, position.id_venue));
  if (!venue || venue.former === id_user) return;
  await tx.update(venues).set({ id_user_st: id_user }).where(eq(venues.id_venue, position.id_venue));
  const pending = await tx
    .select({ id: characters.id_character, player: characters.id_user })
    .from(characters)
    .where(and(eq(characters.id_venue, position.id_venue), eq(characters.being_reviewed, 'no')));
  const subjects = pending.map((c) => noticeSubject('character', c.id));
  if (venue.former !== null) await resolveNotices(tx, subjects, venue.former);
  const n = pending.filter((c) => c.player !== id_user).length;
  if (id_user === null || n === 0) return;
  await notify(tx, id_user, {
    kind: 'character',
    message: `${n} character${n === 1 ? '' : 's'} await${n === 1 ? 's' : ''} your review on ${venue.name}.`,
    link: '/storyteller/vss-manager',
    subject: noticeSubject('position', position.id_position),
  });
}

const snapshot = (p: PositionRecord) => ({
  id_location: p.id_location,
  id_venue: p.id_venue,
  pos_type: p.pos_type,
  pos_title: p.pos_title,
  id_user: p.id_user,
});

async function lockPosition(tx: Tx, id_position: number): Promise<PositionRecord> {
  const [row] = await tx.select().from(positions).where(eq(positions.id_position, id_position)).for('update');
  if (!row) throw positionsErrors.notFound();
  return row;
}

/** What the post brought its former holder (applications, characters awaiting them) is no longer theirs to act on. */
async function postLeft(tx: NoticeTx, position: PositionRecord) {
  if (position.id_user !== null) await resolveNotices(tx, noticeSubject('position', position.id_position), position.id_user);
}

async function closeHolding(tx: Tx, id_position: number, by: number) {
  await tx
    .update(positionHolders)
    .set({ ended_at: sql`now()`, ended_by: by })
    .where(and(eq(positionHolders.id_position, id_position), isNull(positionHolders.ended_at)));
}

/** A new post at a location (a venue storyteller's on a venue of it), vacant or with its first holder. */
export async function addPosition(db: Db, by: number, input: PositionAdd): Promise<number> {
  const id_position = await noticesTransaction(db, async (tx) => {
    const [location] = await tx.select({ id: locations.id_location }).from(locations).where(eq(locations.id_location, input.id_location));
    if (!location) throw positionsErrors.noSuchLocation();
    const type = input.pos_type as PositionType;
    if (type === 'VST') {
      if (!input.id_venue) throw positionsErrors.venueNeeded();
      // The venue row is locked so two requests cannot both give it a storyteller post.
      const [venue] = await tx
        .select({ id: venues.id_venue })
        .from(venues)
        .where(and(eq(venues.id_venue, input.id_venue), eq(venues.id_location, input.id_location)))
        .for('update');
      if (!venue) throw positionsErrors.venueNeeded();
      // One storyteller post a venue: venues.id_user_st follows its holder.
      const [existing] = await tx
        .select({ id: positions.id_position })
        .from(positions)
        .where(and(eq(positions.id_venue, input.id_venue), eq(positions.pos_type, 'VST')));
      if (existing) throw positionsErrors.venueHasStoryteller();
    } else if (input.id_venue) {
      throw positionsErrors.venueNotAllowed();
    }
    if (input.id_user) await activeMember(tx, input.id_user);
    const [created] = await tx
      .insert(positions)
      .values({
        id_location: input.id_location,
        id_venue: input.id_venue ?? null,
        pos_type: type,
        pos_title: input.pos_title || POSITION_TYPES[type].title,
        id_user: input.id_user ?? null,
      })
      .returning();
    const position = created!;
    if (position.id_user) {
      await tx.insert(positionHolders).values({ id_position: position.id_position, id_user: position.id_user, started_by: by });
      await syncVenueStoryteller(tx, position, position.id_user);
      await repointApprovals(tx, position, null, position.id_user, by);
      await notify(tx, position.id_user, { kind: 'position', message: `You now hold the post ${position.pos_title}.`, link: '/overview' });
    }
    await writeAudit(tx, { by, action: 'position.create', entity: 'position', entityId: position.id_position, after: snapshot(position) });
    return position.id_position;
  });
  tablesChanged(db, ['positions', 'venues']);
  return id_position;
}

/** Gives the post to a member (filling a vacancy or reassigning): the old holding ends, a new one starts. */
export async function assignPosition(db: Db, by: number, id_position: number, id_user: number): Promise<{ moved: number[] }> {
  const reassigned = await noticesTransaction(db, async (tx) => {
    const position = await lockPosition(tx, id_position);
    if (position.id_user === id_user) throw positionsErrors.sameHolder();
    await activeMember(tx, id_user);
    await closeHolding(tx, id_position, by);
    await tx.insert(positionHolders).values({ id_position, id_user, started_by: by });
    await tx.update(positions).set({ id_user }).where(eq(positions.id_position, id_position));
    await postLeft(tx, position);
    await syncVenueStoryteller(tx, position, id_user);
    const moved = await repointApprovals(tx, position, position.id_user, id_user, by);
    await writeAudit(tx, {
      by,
      action: position.id_user === null ? 'position.assign' : 'position.reassign',
      entity: 'position',
      entityId: id_position,
      before: snapshot(position),
      after: { ...snapshot(position), id_user },
      note: moved.length ? `${moved.length} open application(s) moved to the new holder` : null,
    });
    await notify(tx, id_user, { kind: 'position', message: `You now hold the post ${position.pos_title}.`, link: '/overview' });
    await notify(tx, [position.id_user], {
      kind: 'position',
      message: `You no longer hold the post ${position.pos_title}.`,
      link: '/overview',
    });
    return { moved };
  });
  tablesChanged(db, ['positions', 'venues']);
  return reassigned;
}

/** Ends the current holding: the post stays, vacant, and the holding is kept with its dates. */
export async function endPosition(db: Db, by: number, id_position: number): Promise<void> {
  await noticesTransaction(db, async (tx) => {
    const position = await lockPosition(tx, id_position);
    if (position.id_user === null) throw positionsErrors.vacant();
    await closeHolding(tx, id_position, by);
    await tx.update(positions).set({ id_user: null }).where(eq(positions.id_position, id_position));
    await postLeft(tx, position);
    await syncVenueStoryteller(tx, position, null);
    await repointApprovals(tx, position, position.id_user, null, by);
    await writeAudit(tx, {
      by,
      action: 'position.end',
      entity: 'position',
      entityId: id_position,
      before: snapshot(position),
      after: { ...snapshot(position), id_user: null },
    });
    await notify(tx, position.id_user, {
      kind: 'position',
      message: `You no longer hold the post ${position.pos_title}.`,
      link: '/overview',
    });
  });
  tablesChanged(db, ['positions', 'venues']);
}
