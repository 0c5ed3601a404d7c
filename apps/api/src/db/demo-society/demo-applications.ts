// The demo society's open applications: three whose chain starts with the storyteller, one of them overdue
// (DESIGN §6 clocks). demo.ts adds them after the accounts, then the notices the accounts find waiting.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../types';
import * as s from '../schema/index';
import { daysBefore } from './seed-rows';

/** The member's three open applications, on their first two characters, with their histories. */
export async function addDemoApplications(
  tx: Tx,
  demo: { id_location: number; member: number; storyteller: number; characters: number[] },
) {
  const { id_location, member, storyteller, characters } = demo;
  const [chain] = await tx
    .select({ high: s.approvals.id_user_high, global: s.approvals.id_user_global })
    .from(s.approvals)
    .innerJoin(s.characters, eq(s.characters.id_character, s.approvals.character_id))
    .innerJoin(s.venues, eq(s.venues.id_venue, s.characters.id_venue))
    .where(eq(s.venues.id_location, id_location))
    .limit(1);
  const [counter] = await tx
    .insert(s.appNumberCounters)
    .values({ id_location, last_number: 3 })
    .onConflictDoUpdate({ target: s.appNumberCounters.id_location, set: { last_number: sql`${s.appNumberCounters.last_number} + 3` } })
    .returning({ last: s.appNumberCounters.last_number });
  const [location] = await tx.select().from(s.locations).where(eq(s.locations.id_location, id_location));
  const [region] = await tx.select().from(s.locations).where(eq(s.locations.id_location, location!.id_parent!));
  const code = `${region!.location_code}-${location!.location_code}`;
  // Their chain: the storyteller runs the venue and is its domain storyteller; then the region's and the nation's.
  const route = {
    id_user_low: storyteller,
    id_user_mid: storyteller,
    id_user_high: chain?.high ?? null,
    id_user_global: chain?.global ?? null,
    id_location,
  };
  const approvals = await tx
    .insert(s.approvals)
    .values([
      {
        app_number: `${code}-${String(counter!.last - 2).padStart(4, '0')}`,
        description: 'Out-of-clan discipline: Obfuscate',
        category: '4 Point Rarity',
        justification: 'Isolde learned to go unseen from her Nosferatu mentor during the gallery years.',
        character_sheet: 'Presence 3, Auspex 2, Celerity 1.',
        mechanics: 'Obfuscate 1 (Cloak of Shadows) at out-of-clan cost.',
        character_background: 'Came to the city in 1998 and has kept the gallery since.',
        required_approval: 'Mid',
        status: 'Pending Low',
        character_id: characters[0]!,
        ...route,
        update_date: daysBefore(5),
        updated_by: member,
        level_since: daysBefore(5),
      },
      {
        app_number: `${code}-${String(counter!.last - 1).padStart(4, '0')}`,
        description: 'Fame: local celebrity paramedic',
        category: 'Fame Background',
        justification: 'Tomas was on the evening news after the ferry fire.',
        character_sheet: 'Fame 1 requested.',
        mechanics: 'Fame 1.',
        character_background: 'A well-known face at the harbour clinic.',
        required_approval: 'High',
        status: 'Pending Mid',
        character_id: characters[1]!,
        ...route,
        update_date: daysBefore(3),
        updated_by: storyteller,
        level_since: daysBefore(3),
        level_reached: 1,
      },
      {
        app_number: `${code}-${String(counter!.last).padStart(4, '0')}`,
        description: 'Rank background: Keeper of Elysium',
        category: 'Rank Background',
        justification: 'Isolde has hosted the gallery Elysium for three seasons.',
        character_sheet: 'Status 2.',
        mechanics: 'Rank background 1.',
        character_background: 'Came to the city in 1998 and has kept the gallery since.',
        required_approval: 'Low',
        status: 'Pending Low',
        character_id: characters[0]!,
        ...route,
        created_at: daysBefore(20),
        update_date: daysBefore(20),
        updated_by: member,
        level_since: daysBefore(20),
      },
    ])
    .returning({ id: s.approvals.id });
  await tx.insert(s.approvalEvents).values([
    { approval_id: approvals[0]!.id, id_user: member, from_status: null, to_status: 'Pending Low', note: 'Submitted', at: daysBefore(5) },
    { approval_id: approvals[1]!.id, id_user: member, from_status: null, to_status: 'Pending Low', note: 'Submitted', at: daysBefore(8) },
    { approval_id: approvals[2]!.id, id_user: member, from_status: null, to_status: 'Pending Low', note: 'Submitted', at: daysBefore(20) },
    {
      approval_id: approvals[1]!.id,
      id_user: storyteller,
      from_status: 'Pending Low',
      to_status: 'Pending Mid',
      note: 'Fits the venue.',
      at: daysBefore(3),
    },
  ]);
}
