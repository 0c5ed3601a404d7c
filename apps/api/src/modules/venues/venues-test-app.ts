// What the venues test files start from: two style sheets and their storytellers (twoVenuesApp), the first venue
// type, a style sheet's and an item's form, and requests as one of the accounts. The fields are live bindings,
// set before the file's tests run.
import { sql } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { scalar } from '../../test/sql';
import { type TestApp, twoVenuesApp, useTestApp } from '../../test/test-app';

export let t: TestApp;
export let id: Record<string, number>;
/** Venue X run by the demo storyteller, venue Y run by another storyteller. */
export let venueX: number;
export let venueY: number;
export let token: Record<string, string>;
export let venueType: number;

/** Opens the app before the file's tests and closes it after them; GET and POST as one of the accounts. */
export function useVenuesTestApp() {
  const requests = useTestApp(twoVenuesApp, (app) => {
    ({ t, id, token, venueX, venueY } = app);
  });
  beforeAll(async () => {
    venueType = await scalar(t.database.db, sql`select id_venue_type from venue_types order by id_venue_type limit 1`);
  });
  return requests;
}

export const form = (extra: Record<string, unknown> = {}) => ({
  id_venue_type: venueType,
  venue_name: 'Lantern Row',
  venue_style: 'Masquerade is law.',
  ...extra,
});
export const item = (id_venue: number, extra: Record<string, unknown> = {}) => ({
  id_venue,
  name: `Blade ${Math.random()}`,
  type: 'Item',
  description: 'An old sword.',
  ...extra,
});
export const errorPaths = (body: { errors?: { path: string; message: string }[] }) => (body.errors ?? []).map((e) => e.path);
