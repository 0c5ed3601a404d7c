// The factories build a record and every parent it needs, or use the parents they are given.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index';
import { buildApproval, buildCharacter, buildLocation, buildMember, buildVenue } from './factories';
import { rows } from './sql';
import { openTestDatabase } from './test-app';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

describe('test factories', () => {
  it('builds an approval with its character, player, venue, storyteller and domain', async () => {
    const approval = await buildApproval(database.db);
    const [chain] = await rows<Record<string, unknown>>(
      database.db,
      sql`select a.status, c.id_user as player, v.id_user_st as st, l.location_type as domain_type, r.location_type as region_type
          from approvals a join characters c on c.id_character = a.character_id join venues v on v.id_venue = c.id_venue
          join locations l on l.id_location = v.id_location join locations r on r.id_location = l.id_parent
          where a.id = ${approval.id}`,
    );
    expect(chain).toMatchObject({ status: 'Pending Low', domain_type: 4, region_type: 3 });
    expect(chain!.player).not.toBe(chain!.st);
  });

  it('uses the parents it is given', async () => {
    const domain = await buildLocation(database.db);
    const player = await buildMember(database.db, { id_location: domain.id_location, email: 'given@factory.test' });
    const venue = await buildVenue(database.db, { id_location: domain.id_location, id_user_st: player.id_user });
    const character = await buildCharacter(database.db, { id_user: player.id_user, id_venue: venue.id_venue });
    expect(character).toMatchObject({ id_user: player.id_user, id_venue: venue.id_venue, being_reviewed: 'no' });
    const [email] = await rows<{ email: string }>(database.db, sql`select email from user_emails where id_user = ${player.id_user}`);
    expect(email!.email).toBe('given@factory.test');
  });
});
