// Test data factories (after outline's server/test/factories): each builds one record with sensible defaults
// and creates whatever parent it needs that the caller did not give, so a test names only what it is about.
import { LOCATION_TYPE, type PositionType } from '@guildhall/shared/constants';
import { eq } from 'drizzle-orm';
import {
  approvals,
  characterSubtypes,
  characters,
  characterTypes,
  locations,
  positions,
  tablesChanged,
  userEmails,
  users,
  venues,
  venueTypes,
  type Db,
} from '../db/index';

let sequence = 0;
const next = () => ++sequence + Math.floor(Math.random() * 1e6) * 1000;

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

/** A domain (type 4) under a new region (type 3) of the first root, unless `parent` is given. */
export async function buildLocation(db: Db, values: Partial<typeof locations.$inferInsert> & { parent?: Row<typeof locations> } = {}) {
  const n = next();
  let parent = values.parent;
  if (!parent) {
    const [root] = await db.select().from(locations).where(eq(locations.location_type, LOCATION_TYPE.REGION)).limit(1);
    const [region] = await db
      .insert(locations)
      .values({
        location_name: `Region ${n}`,
        location_code: `R${n}`,
        location_type: LOCATION_TYPE.US_REGION,
        id_parent: root?.id_location ?? null,
        id_parent_location: root ? String(root.id_location) : null,
      })
      .returning();
    parent = region!;
  }
  const { parent: _, ...rest } = values;
  const [location] = await db
    .insert(locations)
    .values({
      location_name: `Domain ${n}`,
      location_code: `D${n}`,
      location_type: LOCATION_TYPE.DOMAIN,
      id_parent: parent.id_location,
      id_parent_location: [parent.id_parent_location, parent.id_location].filter(Boolean).join(','),
      ...rest,
    })
    .returning();
  // As the portal's own writes do (db/changes.ts): what this process remembers of them is dropped.
  tablesChanged(db, ['locations']);
  return location!;
}

/** A member with an email (`member<n>@factory.test` unless given), in a new domain unless `id_location` is given. */
export async function buildMember(db: Db, values: Partial<typeof users.$inferInsert> & { email?: string } = {}) {
  const n = next();
  const { email, ...rest } = values;
  const id_location = 'id_location' in values ? values.id_location : (await buildLocation(db)).id_location;
  const [member] = await db
    .insert(users)
    .values({
      user_fname: 'Test',
      user_lname: `Member ${n}`,
      user_camnum: `TF${n}`,
      user_type: 'LARP',
      user_expiration: '2099-12-31',
      ...rest,
      id_location,
    })
    .returning();
  await db.insert(userEmails).values({ id_user: member!.id_user, email: email ?? `member${n}@factory.test`, is_verified: true });
  return member!;
}

export async function buildPosition(
  db: Db,
  values: { pos_type: PositionType; id_user?: number; id_location?: number; id_venue?: number; pos_title?: string },
) {
  const id_user = values.id_user ?? (await buildMember(db)).id_user;
  const id_location = values.id_location ?? (await buildLocation(db)).id_location;
  const [position] = await db
    .insert(positions)
    .values({ ...values, id_user, id_location, pos_title: values.pos_title ?? values.pos_type })
    .returning();
  tablesChanged(db, ['positions']);
  return position!;
}

/** A style sheet in a new domain, run by a new storyteller, of the first venue type — unless given. */
export async function buildVenue(db: Db, values: Partial<typeof venues.$inferInsert> = {}) {
  const n = next();
  const id_location = values.id_location ?? (await buildLocation(db)).id_location;
  const id_user_st = 'id_user_st' in values ? values.id_user_st : (await buildMember(db, { id_location })).id_user;
  let id_venue_type = values.id_venue_type;
  if (!id_venue_type) {
    const [type] = await db.select().from(venueTypes).limit(1);
    id_venue_type =
      type?.id_venue_type ??
      (
        await db
          .insert(venueTypes)
          .values({ venue_type: `Type ${n}` })
          .returning()
      )[0]!.id_venue_type;
  }
  const [venue] = await db
    .insert(venues)
    .values({ venue_name: `Venue ${n}`, venue_style: 'House rules.', ...values, id_location, id_user_st, id_venue_type })
    .returning();
  tablesChanged(db, ['venues']);
  return venue!;
}

/** A style sheet at the place whose storyteller holds its VST post, as positions.admin.ts keeps them. */
export async function buildSheetWithPost(db: Db, id_location: number, id_user: number) {
  const venue = await buildVenue(db, { id_location, id_user_st: id_user });
  const post = await buildPosition(db, { pos_type: 'VST', id_location, id_venue: venue.id_venue, id_user });
  return { venue, post };
}

/** A character of a new player on a new venue, of the first type and one of its subtypes — unless given. */
export async function buildCharacter(db: Db, values: Partial<typeof characters.$inferInsert> = {}) {
  const n = next();
  const id_venue = 'id_venue' in values ? values.id_venue : (await buildVenue(db)).id_venue;
  const id_user = values.id_user ?? (await buildMember(db)).id_user;
  let { id_type, id_subtype } = values;
  if (!id_type || !id_subtype) {
    const [type] = id_type
      ? await db.select().from(characterTypes).where(eq(characterTypes.id_type, id_type))
      : await db.select().from(characterTypes).limit(1);
    id_type =
      type?.id_type ??
      (
        await db
          .insert(characterTypes)
          .values({ type_name: `Type ${n}` })
          .returning()
      )[0]!.id_type;
    const [subtype] = await db.select().from(characterSubtypes).where(eq(characterSubtypes.id_parent_type, id_type)).limit(1);
    id_subtype =
      subtype?.id_subtype ??
      (
        await db
          .insert(characterSubtypes)
          .values({ subtype_name: `Subtype ${n}`, id_parent_type: id_type })
          .returning()
      )[0]!.id_subtype;
  }
  const [character] = await db
    .insert(characters)
    .values({
      character_name: `Character ${n}`,
      character_virtue: 'Hope',
      character_vice: 'Pride',
      ...values,
      id_user,
      id_venue,
      id_type,
      id_subtype,
    })
    .returning();
  return character!;
}

/** An application (Pending Low, required Low) for a new character unless `character_id` is given, at its venue's place. */
export async function buildApproval(db: Db, values: Partial<typeof approvals.$inferInsert> = {}) {
  const n = next();
  const character_id = values.character_id ?? (await buildCharacter(db)).id_character;
  const [place] = await db
    .select({ id_location: venues.id_location })
    .from(characters)
    .innerJoin(venues, eq(venues.id_venue, characters.id_venue))
    .where(eq(characters.id_character, character_id));
  const [approval] = await db
    .insert(approvals)
    .values({
      app_number: `TF-${n}`,
      description: `Application ${n}`,
      category: 'Other',
      justification: 'For the story.',
      required_approval: 'Low',
      id_location: place?.id_location ?? null,
      ...values,
      character_id,
    })
    .returning();
  return approval!;
}

/** A member holding a coordinator post (a domain coordinator's unless told) at a new location unless given. */
export async function buildCoordinator(db: Db, values: { pos_type?: PositionType; id_location?: number } = {}) {
  const id_location = values.id_location ?? (await buildLocation(db)).id_location;
  const member = await buildMember(db, { id_location });
  const position = await buildPosition(db, { pos_type: values.pos_type ?? 'DC', id_user: member.id_user, id_location });
  return { member, position };
}
