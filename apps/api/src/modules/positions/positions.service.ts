// Positions of a location with their holders (SPEC §3 Position; §7 GET /positions/domain/{id}).
import { POSITION_TYPE_CODES } from '@guildhall/shared/constants';
import type { Position } from '@guildhall/shared/schemas/overview';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { literal, positions, users, venues, type Db } from '../../db/index';

/** Society order of the posts: national, regional, domain, then venue. */
export const positionRank = sql`array_position(array[${sql.join(POSITION_TYPE_CODES.map(literal), sql`,`)}]::text[], ${positions.pos_type})`;

export async function positionsOfLocation(db: Db, id_location: number, opts: { includeVenuePosts: boolean }): Promise<Position[]> {
  const rows = await db
    .select({
      id_position: positions.id_position,
      pos_type: positions.pos_type,
      pos_title: positions.pos_title,
      id_user: users.id_user,
      user_fname: users.user_fname,
      user_lname: users.user_lname,
      user_camnum: users.user_camnum,
      id_venue: venues.id_venue,
      venue_name: venues.venue_name,
    })
    .from(positions)
    .leftJoin(users, eq(users.id_user, positions.id_user))
    .leftJoin(venues, eq(venues.id_venue, positions.id_venue))
    .where(and(eq(positions.id_location, id_location), opts.includeVenuePosts ? undefined : isNull(positions.id_venue)))
    .orderBy(positionRank, asc(positions.id_position))
    .limit(200);
  return rows.map(({ id_user, user_fname, user_lname, user_camnum, id_venue, venue_name, ...position }) => ({
    ...position,
    tbl_user: id_user !== null ? { id_user, user_fname: user_fname!, user_lname: user_lname!, user_camnum: user_camnum! } : null,
    // Two venues' storytellers read alike without the venue's name.
    tbl_venue: id_venue !== null ? { id_venue, venue_name: venue_name! } : null,
  }));
}
