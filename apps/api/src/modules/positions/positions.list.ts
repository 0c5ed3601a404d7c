// Issue 13: the administration's list of posts (filters, sorting and paging in SQL) and one post's history of holders.
import type { PositionType } from '@guildhall/shared/constants';
import type { PositionHolding, PositionRow, PositionsQuery } from '@guildhall/shared/schemas/administration';
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { pagedList, locations, positionHolders, positions, users, venues, type Db } from '../../db/index';
import { escapeLike, foldText } from '@guildhall/shared/rules/name-search';
import { domainCodes } from '../locations/locations.service';
import { positionsErrors } from './positions.errors';

export async function listPositions(db: Db, query: PositionsQuery): Promise<ListResult<PositionRow>> {
  const words = (query.holder ?? '').trim().split(/\s+/).filter(Boolean).map(foldText);
  const where = and(
    query.locationId ? eq(positions.id_location, query.locationId) : undefined,
    query.posType ? eq(positions.pos_type, query.posType as PositionType) : undefined,
    query.vacant === 'yes' ? isNull(positions.id_user) : query.vacant === 'no' ? isNotNull(positions.id_user) : undefined,
    ...words.map((word) => {
      const prefix = `${escapeLike(word)}%`;
      return sql`(${users.fold_fname} like ${prefix} or ${users.fold_lname} like ${prefix} or ${users.user_camnum} like ${`${escapeLike(word.toUpperCase())}%`})`;
    }),
  );
  const holding = and(eq(positionHolders.id_position, positions.id_position), isNull(positionHolders.ended_at));
  const [page, codes] = await Promise.all([
    pagedList(db, query, {
      rows: () =>
        db
          .select({
            id_position: positions.id_position,
            id_location: positions.id_location,
            location_name: locations.location_name,
            pos_type: positions.pos_type,
            pos_title: positions.pos_title,
            id_venue: positions.id_venue,
            venue_name: venues.venue_name,
            id_user: users.id_user,
            holder_name: sql<string | null>`concat_ws(' ', ${users.user_fname}, ${users.user_lname})`,
            user_camnum: users.user_camnum,
            held_since: sql<
              string | null
            >`coalesce(${positionHolders.started_at}, case when ${positions.id_user} is not null then ${positions.created_at} end)`,
          })
          .from(positions)
          .innerJoin(locations, eq(locations.id_location, positions.id_location))
          .leftJoin(venues, eq(venues.id_venue, positions.id_venue))
          .leftJoin(users, eq(users.id_user, positions.id_user))
          .leftJoin(positionHolders, holding)
          .where(where)
          .$dynamic(),
      count: () => db.select({ n: count() }).from(positions).leftJoin(users, eq(users.id_user, positions.id_user)).where(where),
      sortable: {
        location_name: locations.location_name,
        pos_type: positions.pos_type,
        pos_title: positions.pos_title,
        held_since: positionHolders.started_at,
        id_position: positions.id_position,
      },
      tieBreak: positions.id_position,
    }),
    domainCodes(db),
  ]);
  return {
    rows: page.rows.map(({ id_user, holder_name, user_camnum, held_since, ...row }) => ({
      ...row,
      domain_code: codes.get(row.id_location) ?? '',
      holder: id_user !== null ? { id_user, name: holder_name ?? '', user_camnum: user_camnum ?? '' } : null,
      held_since: held_since ? new Date(held_since).toISOString() : null,
    })),
    count: page.count,
  };
}

export async function positionHistory(db: Db, id_position: number): Promise<PositionHolding[]> {
  const [exists] = await db.select({ id: positions.id_position }).from(positions).where(eq(positions.id_position, id_position));
  if (!exists) throw positionsErrors.notFound();
  const rows = await db
    .select({
      id: positionHolders.id,
      id_user: positionHolders.id_user,
      name: sql<string | null>`nullif(concat_ws(' ', ${users.user_fname}, ${users.user_lname}), '')`,
      user_camnum: users.user_camnum,
      started_at: positionHolders.started_at,
      ended_at: positionHolders.ended_at,
    })
    .from(positionHolders)
    .leftJoin(users, eq(users.id_user, positionHolders.id_user))
    .where(eq(positionHolders.id_position, id_position))
    .orderBy(asc(positionHolders.started_at), asc(positionHolders.id))
    .limit(200);
  return rows.map((r) => ({ ...r, started_at: r.started_at.toISOString(), ended_at: r.ended_at?.toISOString() ?? null }));
}
