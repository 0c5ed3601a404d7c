// The demo society of a first start: the generated society plus four accounts a person can try each role with.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords';
import type { Db, Tx } from '../types';
import * as s from '../schema/index';
import { addDemoApplications } from './demo-applications';
import { recordHoldings, seedSociety } from './generate';
import { daysBefore } from './seed-rows';
import { settleXpBalances } from './xp-balances';

/** Whether the database holds no society yet (a first start, or a database made for the scale seed). */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(s.locations);
  return (rows[0]?.n ?? 0) === 0;
}

export const DEMO_PASSWORD = 'guildhall-demo';
export const DEMO_MEMBERS = 240;

export const DEMO_ACCOUNTS = [
  { email: 'member@guildhall.test', role: 'member', description: 'a player with characters, prestige and pending approvals' },
  { email: 'storyteller@guildhall.test', role: 'storyteller', description: 'storyteller of two venues and a domain storyteller' },
  { email: 'coordinator@guildhall.test', role: 'coordinator', description: 'a domain coordinator' },
  { email: 'admin@guildhall.test', role: 'admin', description: 'an administrator' },
] as const;

const PEOPLE = {
  member: {
    user_fname: 'Morgan',
    user_mname: 'Ada',
    user_lname: 'Hale',
    user_nick: 'Mo',
    user_prefix: 'they/them',
    user_type: 'LARP' as const,
  },
  storyteller: {
    user_fname: 'Sasha',
    user_mname: null,
    user_lname: 'Okafor',
    user_nick: null,
    user_prefix: 'she/her',
    user_type: 'Both' as const,
  },
  coordinator: {
    user_fname: 'Cormac',
    user_mname: 'James',
    user_lname: 'Byrne',
    user_nick: null,
    user_prefix: 'he/him',
    user_type: 'Tabletop' as const,
  },
  admin: {
    user_fname: 'Alex',
    user_mname: null,
    user_lname: 'Quintero',
    user_nick: 'Admin Alex',
    user_prefix: null,
    user_type: 'LARP' as const,
  },
};

export async function seedDemo(db: Db): Promise<typeof DEMO_ACCOUNTS> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const society = await seedSociety(tx, { members: DEMO_MEMBERS, passwordHash });
    await addDemoAccounts(tx, society.domains[0]!.id_location, passwordHash);
    await settleXpBalances(tx);
    await recordHoldings(tx);
  });
  return DEMO_ACCOUNTS;
}

async function addDemoAccounts(tx: Tx, id_location: number, passwordHash: string) {
  const ids: Record<string, number> = {};
  let n = 1;
  for (const account of DEMO_ACCOUNTS) {
    const person = PEOPLE[account.role];
    const [user] = await tx
      .insert(s.users)
      .values({
        ...person,
        user_bday: '1990-04-12',
        user_camnum: `US2020${String(900000 + n++)}`,
        user_expiration: '2027-10-31',
        id_location,
        is_admin: account.role === 'admin',
        password_hash: passwordHash,
      })
      .returning({ id_user: s.users.id_user });
    ids[account.role] = user!.id_user;
    await tx.insert(s.userEmails).values({ id_user: user!.id_user, email: account.email, is_verified: true });
    await tx.insert(s.userPhones).values({ id_user: user!.id_user, phone_number: '+1 555 0100' });
    await tx.insert(s.userAddresses).values({
      id_user: user!.id_user,
      addr_line_1: '12 Lantern St',
      addr_city: 'Crimson Harbor',
      addr_state: 'MA',
      addr_zip: '02110',
      addr_country: 'USA',
    });
  }
  const { member, storyteller, coordinator } = ids as Record<'member' | 'storyteller' | 'coordinator' | 'admin', number>;

  // The storyteller runs the domain's venues (and holds their VST posts) and is its domain storyteller.
  const venues = await tx
    .select({ id: s.venues.id_venue })
    .from(s.venues)
    .where(eq(s.venues.id_location, id_location))
    .orderBy(s.venues.id_venue)
    .limit(2);
  const venueIds = venues.map((v) => v.id);
  await tx.update(s.venues).set({ id_user_st: storyteller }).where(inArray(s.venues.id_venue, venueIds));
  await tx.update(s.positions).set({ id_user: storyteller }).where(inArray(s.positions.id_venue, venueIds));
  await tx
    .update(s.positions)
    .set({ id_user: storyteller })
    .where(and(eq(s.positions.id_location, id_location), eq(s.positions.pos_type, 'DST')));
  await tx
    .update(s.positions)
    .set({ id_user: coordinator })
    .where(and(eq(s.positions.id_location, id_location), eq(s.positions.pos_type, 'DC')));

  // The member's characters: one Pending on the storyteller's venue, one Accepted, one not yet on a style sheet.
  const [vampire] = await tx.select().from(s.characterTypes).where(eq(s.characterTypes.type_name, 'Vampire'));
  const [toreador] = await tx.select().from(s.characterSubtypes).where(eq(s.characterSubtypes.subtype_name, 'Toreador'));
  const [werewolf] = await tx.select().from(s.characterTypes).where(eq(s.characterTypes.type_name, 'Werewolf'));
  const [glassWalker] = await tx.select().from(s.characterSubtypes).where(eq(s.characterSubtypes.subtype_name, 'Glass Walkers'));
  const characters = await tx
    .insert(s.characters)
    .values([
      {
        character_name: 'Isolde Vane',
        id_user: member,
        id_venue: venueIds[0] ?? null,
        id_type: vampire!.id_type,
        id_subtype: toreador!.id_subtype,
        character_virtue: 'Hope',
        character_vice: 'Pride',
        character_concept: 'Gallery owner with a past',
        character_concept_description: 'Runs the harbour gallery; owes a favour to the Prince.',
        being_reviewed: 'no',
      },
      {
        character_name: 'Tomas Wren',
        id_user: member,
        id_venue: venueIds[1] ?? venueIds[0] ?? null,
        id_type: werewolf!.id_type,
        id_subtype: glassWalker!.id_subtype,
        character_virtue: 'Fortitude',
        character_vice: 'Wrath',
        character_concept: 'Night-shift paramedic',
        character_concept_description: 'Keeps the city’s Kinfolk out of trouble.',
        being_reviewed: 'yes',
        st_signed: 'yes',
        signed_by: storyteller,
        signed_at: daysBefore(60),
      },
      {
        character_name: 'Evangeline Marsh',
        id_user: member,
        id_venue: null,
        id_type: vampire!.id_type,
        id_subtype: toreador!.id_subtype,
        character_virtue: 'Charity',
        character_vice: 'Envy',
        character_concept: 'Retired opera singer',
      },
    ])
    .returning({ id: s.characters.id_character });
  await tx.insert(s.xpLogs).values(
    characters.flatMap((c, i) => [
      {
        id_character: c.id,
        xp_datetime: daysBefore(300 - i),
        xp_type: 'Creation Dots' as const,
        xp_description: 'Character creation',
        xp_amount: 30,
        xp_balance: 30,
      },
      {
        id_character: c.id,
        xp_datetime: daysBefore(200 - i),
        xp_type: 'Earn' as const,
        xp_description: 'Attended game',
        xp_amount: 6,
        xp_balance: 36,
      },
      {
        id_character: c.id,
        xp_datetime: daysBefore(100 - i),
        xp_type: 'Spend' as const,
        xp_description: 'Raised Presence',
        xp_amount: 9,
        xp_balance: 27,
      },
    ]),
  );

  const reasons: [string, (typeof s.prestige.$inferInsert)['prestige_category'], number, number, number][] = [
    ['Ran registration at the spring game', 'Event Services', 12, 4, 1],
    ['Wrote the monthly newsletter', 'Publications and PR', 8, 2, 0],
    ['Organised the charity blood drive', 'Community Service', 15, 6, 3],
    ['Recruited new players at the convention booth', 'Recruiting', 5, 0, 0],
    ['Renewed membership early', 'Early Renewal', 3, 0, 0],
    ['Helped storytell the winter one-shot', 'Storytelling Support', 10, 5, 2],
  ];
  // The staff accounts have a record too, reviewed by one another.
  await tx.insert(s.prestige).values(
    [storyteller, coordinator].flatMap((id_user, n) =>
      reasons.slice(n, n + 3).map(([prestige_description, prestige_category, g, rg, nat], i) => ({
        id_user,
        prestige_description,
        prestige_category,
        prestige_general: g * 4,
        prestige_regional: rg * 4,
        prestige_national: nat * 4,
        prestige_usable_general: g,
        id_reviewer: id_user === storyteller ? coordinator : storyteller,
        prestige_datetime: daysBefore(90 + i * 120),
      })),
    ),
  );
  await tx.insert(s.prestige).values(
    reasons.map(([prestige_description, prestige_category, g, rg, nat], i) => ({
      id_user: member,
      prestige_description,
      prestige_category,
      prestige_general: g,
      prestige_regional: rg,
      prestige_national: nat,
      prestige_usable_general: Math.round(g / 2),
      id_reviewer: coordinator,
      prestige_datetime: daysBefore(30 + i * 45),
    })),
  );

  await addDemoApplications(tx, { id_location, member, storyteller, characters: characters.map((c) => c.id) });

  // The notices the accounts find waiting (the seed's own, with their dates; every change's go through notify()).
  await tx.insert(s.notifications).values([
    {
      id_user: member,
      kind: 'prestige',
      message: 'You were awarded 12 general prestige for Event Services.',
      link: '/prestige-and-vip',
      created_at: daysBefore(30),
    },
    {
      id_user: member,
      kind: 'approval',
      message: 'Your application for Tomas Wren moved to Pending Mid.',
      link: '/characters/list',
      created_at: daysBefore(3),
    },
    {
      id_user: member,
      kind: 'character',
      message: 'Tomas Wren was accepted onto the style sheet.',
      link: '/characters/list',
      created_at: daysBefore(60),
      read_at: daysBefore(59),
    },
    {
      id_user: storyteller,
      kind: 'approval',
      message: 'A new application awaits your review: Out-of-clan discipline: Obfuscate.',
      link: '/storyteller/approvals',
      created_at: daysBefore(5),
    },
  ]);
}
