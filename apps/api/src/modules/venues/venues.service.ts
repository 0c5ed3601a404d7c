// Venues (style sheets) and their types.
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { venueTypes } from '../../db/schema/index';

export function listVenueTypes(db: Db) {
  return db.select().from(venueTypes).orderBy(asc(venueTypes.venue_type));
}
