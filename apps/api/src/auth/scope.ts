// Where a position reaches: a coordinator's post covers its location and everything below it (DESIGN §5).
import { POSITION_TYPES, type PositionType } from '@guildhall/shared/constants';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { locations, positions, users } from '../db/schema/index';
import type { Actor } from './actor';

export const COORDINATOR_TYPES = (Object.keys(POSITION_TYPES) as PositionType[]).filter((t) => POSITION_TYPES[t].role === 'coordinator');

/** True when the actor holds a coordinator position at the member's location or one of its ancestors. */
export async function coordinatesMember(db: Db, actor: Actor, id_user: number): Promise<boolean> {
  if (!actor.positions.some((p) => COORDINATOR_TYPES.includes(p.pos_type))) return false;
  const rows = await db
    .select({ id: positions.id_position })
    .from(positions)
    .innerJoin(users, eq(users.id_user, id_user))
    .innerJoin(locations, eq(locations.id_location, users.id_location))
    .where(
      and(
        eq(positions.id_user, actor.id_user),
        inArray(positions.pos_type, COORDINATOR_TYPES),
        or(
          eq(positions.id_location, locations.id_location),
          sql`(',' || coalesce(${locations.id_parent_location}, '') || ',') like ('%,' || ${positions.id_location} || ',%')`,
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
