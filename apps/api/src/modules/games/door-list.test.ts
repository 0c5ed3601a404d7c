// Issue 28: a walk-in search is one statement, planned once on PostgreSQL (decision 123): its plan never depends on
// what was typed, so PostgreSQL must not plan each search anew.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games } from '../../db/index';
import { buildMember, buildVenue } from '../../test/factories';
import { onOneConnection } from '../../test/one-connection';
import { walkInSearch } from './door-list.service';

describe.runIf(process.env.GUILDHALL_TEST_DB === 'postgres')('the walk-in search on PostgreSQL', () => {
  const database = onOneConnection();

  it('answers every search through one statement whose generic plan PostgreSQL keeps from the sixth run on', async () => {
    const db = database.db;
    const venue = await buildVenue(db);
    for (const [fname, lname] of [
      ['Wanda', 'Qvplancher'],
      ['Walt', 'Qvplancher'],
      ['Qvplaid', 'Wren'],
    ])
      await buildMember(db, { user_fname: fname, user_lname: lname });
    await db.execute(sql`analyze users`);
    const starts_at = new Date('2027-03-06T23:00:00Z');
    const [game] = await db
      .insert(games)
      .values({
        id_venue: venue.id_venue,
        id_location: venue.id_location,
        game_name: 'Plan night',
        starts_at,
        ends_at: new Date('2027-03-07T03:00:00Z'),
        time_zone: 'UTC',
        place: 'Hall',
        xp_award: 1,
      })
      .returning({ id_game: games.id_game });
    const names = async (q: string) =>
      (JSON.parse((await walkInSearch(db, game!.id_game, q)).json) as { member_name: string }[]).map((a) => a.member_name);
    // Searches of every kind, each planned for its values before (a rare prefix, a common one, two words, none).
    for (let i = 0; i < 2; i++) {
      expect(await names('qvplancher')).toEqual(['Walt Qvplancher', 'Wanda Qvplancher']);
      expect(await names('qvpla')).toEqual(['Walt Qvplancher', 'Wanda Qvplancher', 'Qvplaid Wren']);
      expect(await names('w qvplan')).toEqual(['Walt Qvplancher', 'Wanda Qvplancher']);
      expect(await names('zzyzx')).toEqual([]);
    }
    const plans = (await database.prepared()).filter((p) => p.name.startsWith('door_list'));
    expect(plans.map((p) => p.name)).toEqual(['door_list_search']);
    expect(Number(plans[0]!.custom_plans)).toBeLessThanOrEqual(5);
    expect(Number(plans[0]!.generic_plans)).toBeGreaterThanOrEqual(3);
  });
});
