// Who is asking: the signed-in member and the roles DESIGN §5 derives from positions and venues.
import { POSITION_TYPES, type PositionType } from '@guildhall/shared/constants';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { changeClock, type Db, oncePerDatabase, positions, sessions, users, venues } from '../db/index';
import { authErrors } from './auth.errors';

export interface ActorPosition {
  id_position: number;
  pos_type: PositionType;
  id_location: number;
}

export interface Actor {
  id_user: number;
  sid: string;
  isAdmin: boolean;
  positions: ActorPosition[];
  /** Storyteller of at least one venue (venues.id_user_st). */
  runsVenues: boolean;
}

const sessionEnded = authErrors.sessionRevoked;

// The member's roles in one statement: admin flag, whether they run a venue, and their positions as JSON.
// The member's id is written out as "users"."id_user": in a one-table select Drizzle leaves a column
// unqualified, and inside the subqueries an unqualified id_user would mean the position's own (every post).
const memberId = sql`${sql.identifier('users')}.${sql.identifier('id_user')}`;
const actorColumns = {
  is_admin: users.is_admin,
  runsVenues: sql<boolean>`exists (select 1 from ${venues} v where v.id_user_st = ${memberId})`,
  positions: sql<
    ActorPosition[]
  >`coalesce((select json_agg(json_build_object('id_position', p.id_position, 'pos_type', p.pos_type, 'id_location', p.id_location) order by p.id_position) from ${positions} p where p.id_user = ${memberId}), '[]'::json)`,
};

// Prepared once per database (a named statement on PostgreSQL, planned once per connection).
const statements = oncePerDatabase((db) => ({
  actor: db
    .select(actorColumns)
    .from(users)
    .where(eq(users.id_user, sql.placeholder('id_user')))
    .prepare('actor'),
  // A live session of an enabled member and that member's roles: one round trip per authenticated request.
  sessionActor: db
    .select({ ...actorColumns, expires_at: sessions.expires_at })
    .from(sessions)
    .innerJoin(users, eq(users.id_user, sessions.id_user))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.id_user, sql.placeholder('id_user')),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql`now()`),
        eq(users.is_disabled, false),
      ),
    )
    .prepare('session_actor'),
}));

const toActor = (
  session: { id_user: number; sid: string },
  row: { is_admin: boolean; runsVenues: boolean; positions: ActorPosition[] },
) => ({
  id_user: session.id_user,
  sid: session.sid,
  isAdmin: row.is_admin,
  positions: row.positions,
  runsVenues: Boolean(row.runsVenues),
});

/** A member's roles, whatever their sessions (e.g. the subject of someone else's overview). */
export async function loadActor(db: Db, session: { id_user: number; sid: string }): Promise<Actor> {
  const [row] = await statements(db).actor.execute({ id_user: session.id_user });
  if (!row) throw sessionEnded();
  return toActor(session, row);
}

/** What a remembered session and its roles are read from: a write to any other table leaves them be. */
const ACTOR_TABLES = ['sessions', 'users', 'positions', 'venues'] as const;

/**
 * Sessions and roles read recently, per database, each with the change clock's version of the tables they are
 * read from (db/changes.ts): a write to one of them since, in this process or (through NOTIFY) another, makes
 * them stale. A member's burst of requests (the shell's record, overview and lists at once) reads the session once.
 */
interface Remembered {
  version: number;
  id_user: number;
  row: ActorRow;
  /** The session's expiry and the latest moment the entry is trusted without a write, in ms. */
  until: number;
}
type ActorRow = { is_admin: boolean; runsVenues: boolean; positions: ActorPosition[] };
/** A bound on trusting the clock alone (a notification lost with a connection is already handled by it). */
const REMEMBER_MS = 30_000;
const MAX_REMEMBERED = 10_000;
const remembered = oncePerDatabase(() => new Map<string, Remembered>());

/** The signed-in member behind a token's claims: the session must be live and the member enabled, or 401. */
export async function loadSessionActor(db: Db, session: { id_user: number; sid: string }): Promise<Actor> {
  const clock = changeClock(db);
  const version = clock.now(ACTOR_TABLES);
  const memory = remembered(db);
  const now = Date.now();
  if (version !== null) {
    const hit = memory.get(session.sid);
    if (hit && hit.version === version && hit.id_user === session.id_user && now < hit.until) return toActor(session, hit.row);
  }
  const [row] = await statements(db).sessionActor.execute({ id_user: session.id_user, sid: session.sid });
  if (!row) {
    memory.delete(session.sid);
    throw sessionEnded();
  }
  // Only what was read with no write to its tables in between: a read racing a write may have seen the older state.
  if (version !== null && clock.now(ACTOR_TABLES) === version) {
    if (memory.size >= MAX_REMEMBERED) memory.clear();
    memory.set(session.sid, { version, id_user: session.id_user, row, until: Math.min(row.expires_at.getTime(), now + REMEMBER_MS) });
  }
  return toActor(session, row);
}

export const isStaff = (actor: Actor) => actor.isAdmin || actor.positions.length > 0;
export const isStoryteller = (actor: Actor) =>
  actor.isAdmin || actor.runsVenues || actor.positions.some((p) => POSITION_TYPES[p.pos_type]?.role === 'storyteller');
export const isCoordinator = (actor: Actor) =>
  actor.isAdmin || actor.positions.some((p) => POSITION_TYPES[p.pos_type]?.role === 'coordinator');
