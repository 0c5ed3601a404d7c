// Who is asking: the signed-in member and the roles DESIGN §5 derives from positions and venues.
import { POSITION_TYPES, type PositionType } from '@guildhall/shared/constants';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { positions, users, venues } from '../db/schema/index';
import { unauthorized } from '../errors';

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

export async function loadActor(db: Db, session: { id_user: number; sid: string }): Promise<Actor> {
  const [user] = await db
    .select({
      is_admin: users.is_admin,
      runsVenues: sql<boolean>`exists (select 1 from ${venues} where ${venues.id_user_st} = ${users.id_user})`,
    })
    .from(users)
    .where(eq(users.id_user, session.id_user));
  if (!user) throw unauthorized('auth.session_revoked', 'Your session has ended. Please sign in again.');
  const held = await db
    .select({ id_position: positions.id_position, pos_type: positions.pos_type, id_location: positions.id_location })
    .from(positions)
    .where(eq(positions.id_user, session.id_user));
  return {
    id_user: session.id_user,
    sid: session.sid,
    isAdmin: user.is_admin,
    positions: held as ActorPosition[],
    runsVenues: Boolean(user.runsVenues),
  };
}

export const isStaff = (actor: Actor) => actor.isAdmin || actor.positions.length > 0;
export const isStoryteller = (actor: Actor) =>
  actor.isAdmin || actor.runsVenues || actor.positions.some((p) => POSITION_TYPES[p.pos_type]?.role === 'storyteller');
export const isCoordinator = (actor: Actor) =>
  actor.isAdmin || actor.positions.some((p) => POSITION_TYPES[p.pos_type]?.role === 'coordinator');
