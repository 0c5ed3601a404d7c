// Where a position reaches: a coordinator's post covers its location and everything below it (DESIGN §5).
import { POSITION_TYPES, type PositionType } from '@guildhall/shared/constants';
import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { locations, positions, users, type Db, type Tx } from '../db/index';
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

const reachCondition = (id_location: SQL | number) =>
  sql`(${locations.id_location} = ${id_location} or (',' || coalesce(${locations.id_parent_location}, '') || ',') like ('%,' || ${id_location} || ',%'))`;

/**
 * The locations the actor's coordinator posts reach (each post's location and every location below it), or
 * `'all'` for an administrator. Locations are few (hundreds), so the list is small enough to filter by.
 */
export async function coordinatorReach(db: Db | Tx, actor: Actor): Promise<number[] | 'all'> {
  if (actor.isAdmin) return 'all';
  const posts = actor.positions.filter((p) => COORDINATOR_TYPES.includes(p.pos_type)).map((p) => p.id_location);
  if (posts.length === 0) return [];
  const rows = await db
    .select({ id: locations.id_location })
    .from(locations)
    .where(or(...posts.map((id) => reachCondition(id))));
  return rows.map((r) => r.id);
}

/** A location and every location below it (issue 26: a domain's ledger covers the domains under it). */
export async function locationAndBelow(db: Db | Tx, id_location: number): Promise<number[]> {
  const rows = await db.select({ id: locations.id_location }).from(locations).where(reachCondition(id_location));
  return rows.map((r) => r.id);
}

/** True when the actor coordinates the location (a post there or above it) or is an administrator. */
export async function coordinatesLocation(db: Db | Tx, actor: Actor, id_location: number | null): Promise<boolean> {
  if (actor.isAdmin) return true;
  if (id_location === null) return false;
  const reach = await coordinatorReach(db, actor);
  return reach === 'all' || reach.includes(id_location);
}

/** The members holding a coordinator post at the location or above it: who hears about its transfers. */
export async function coordinatorsOf(db: Db | Tx, id_location: number | null): Promise<number[]> {
  if (id_location === null) return [];
  const [location] = await db
    .select({ id: locations.id_location, ancestors: locations.id_parent_location })
    .from(locations)
    .where(eq(locations.id_location, id_location));
  if (!location) return [];
  const ids = [location.id, ...(location.ancestors ?? '').split(',').filter(Boolean).map(Number)];
  const rows = await db
    .select({ id_user: positions.id_user })
    .from(positions)
    .where(and(inArray(positions.pos_type, COORDINATOR_TYPES), inArray(positions.id_location, ids), isNotNull(positions.id_user)));
  return [...new Set(rows.map((r) => r.id_user!))];
}

/**
 * Inside a write's transaction, after its right was checked (decision 028): whether the actor still holds a
 * coordinator post over the location. The post's row is held (FOR SHARE) until the write commits, so an
 * administrator reassigning or ending it meanwhile waits for the write, or comes first and is read here.
 */
export async function stillCoordinates(tx: Tx, actor: Actor, id_location: number | null): Promise<boolean> {
  if (actor.isAdmin) return true;
  if (id_location === null) return false;
  const posts = await tx
    .select({ id: positions.id_position })
    .from(positions)
    .innerJoin(locations, eq(locations.id_location, id_location))
    .where(
      and(
        eq(positions.id_user, actor.id_user),
        inArray(positions.pos_type, COORDINATOR_TYPES),
        reachCondition(sql`${positions.id_location}`),
      ),
    )
    .limit(1)
    .for('share', { of: positions });
  return posts.length > 0;
}
