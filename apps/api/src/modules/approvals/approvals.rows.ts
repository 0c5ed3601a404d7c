// What every view of an application reads: its own columns and its joins to the character, player and venue (and,
// for the views that route or escalate it, its place).
import { eq } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { approvals, characters, locations, users, venues } from '../../db/index';

/** The columns every view of an application starts with (ApprovalRow's). */
export const coreColumns = {
  id: approvals.id,
  app_number: approvals.app_number,
  description: approvals.description,
  category: approvals.category,
  required_approval: approvals.required_approval,
  status: approvals.status,
  update_date: approvals.update_date,
  level_since: approvals.level_since,
};
/** The core columns' dates as the API answers them. */
export const coreDates = (r: { update_date: Date; level_since: Date }) => ({
  update_date: r.update_date.toISOString(),
  level_since: r.level_since.toISOString(),
});

export const players = alias(users, 'player');
export const venuePlaces = alias(locations, 'venue_place');

/** An application with its character, player (`players`) and venue. */
export const joined = <Q extends PgSelect>(q: Q) =>
  q
    .innerJoin(characters, eq(characters.id_character, approvals.character_id))
    .innerJoin(players, eq(players.id_user, characters.id_user))
    .leftJoin(venues, eq(venues.id_venue, characters.id_venue));
/** The same with the application's place (`venuePlaces`), for the views that read where it is routed. */
export const joinedWithPlace = <Q extends PgSelect>(q: Q) =>
  joined(q).leftJoin(venuePlaces, eq(venuePlaces.id_location, approvals.id_location));
