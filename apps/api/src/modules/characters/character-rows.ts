// What the lists of characters share (SPEC §3): the join they read a character's row through, the columns every
// list shows, and the SQL of the columns and sorts that more than one list reads.
import { eq, sql } from 'drizzle-orm';
import type { PgSelectBase, SelectedFields } from 'drizzle-orm/pg-core';
import { fullName } from '../users/person-name';
import { qualified, approvals, characterSubtypes, characters, characterTypes, users, venues, vssStatusOf, type Db } from '../../db/index';

/** How a character meets its type, subtype, player and venue, for a query that joins only some of them. */
export const characterJoins = {
  type: eq(characterTypes.id_type, characters.id_type),
  subtype: eq(characterSubtypes.id_subtype, characters.id_subtype),
  player: eq(users.id_user, characters.id_user),
  venue: eq(venues.id_venue, characters.id_venue),
};

// A select of `fields` from the characters joined as N says: columns of a left-joined ('nullable') table may be null.
type CharactersSelect<S extends SelectedFields, N> = PgSelectBase<'characters', S, 'partial', { characters: 'not-null' } & N>;
type TypedJoins = { character_types: 'not-null'; character_subtypes: 'not-null' };

// The joins are built on the fields as plain SelectedFields (Drizzle cannot chain joins on a select whose fields are
// still a type parameter), and the result typed as those joins make it: inner joins keep columns as they are, the
// venue's left join makes its columns nullable.
function selectTypedCharacters(db: Db, fields: SelectedFields) {
  return db
    .select(fields)
    .from(characters)
    .innerJoin(characterTypes, characterJoins.type)
    .innerJoin(characterSubtypes, characterJoins.subtype);
}

/** The characters with their type and subtype (every character has both) and venue (none on no style sheet): a player's list. */
export function selectCharacterRows<S extends SelectedFields>(db: Db, fields: S) {
  return selectTypedCharacters(db, fields).leftJoin(venues, characterJoins.venue) as unknown as CharactersSelect<
    S,
    TypedJoins & { venues: 'nullable' }
  >;
}

/**
 * The same with each character's player (every character has one). A list that reads no venue column costs nothing
 * for its join: PostgreSQL leaves out a left join to a primary key whose columns nobody reads.
 */
export function selectCharacterRowsWithPlayers<S extends SelectedFields>(db: Db, fields: S) {
  return selectTypedCharacters(db, fields)
    .innerJoin(users, characterJoins.player)
    .leftJoin(venues, characterJoins.venue) as unknown as CharactersSelect<S, TypedJoins & { users: 'not-null'; venues: 'nullable' }>;
}

/** What every list of characters shows of each: its name, type, subtype, player and style-sheet state. */
export const characterColumns = {
  id_character: characters.id_character,
  character_name: characters.character_name,
  id_user: characters.id_user,
  type_name: characterTypes.type_name,
  subtype_name: characterSubtypes.subtype_name,
  being_reviewed: characters.being_reviewed,
  st_signed: characters.st_signed,
};

/** SQL twin of the shared rule characterVssStatus (SPEC §4), for sorting by the VSS column (characters_vss_sort_idx). */
export const vssStatusSql = vssStatusOf(characters);

export const appCount = sql<number>`(select count(*)::int from ${approvals} where ${approvals.character_id} = ${qualified(characters.id_character)})`;
export const playerName = fullName(users);

// By player: last name, then the member (users_lname_id_sort_idx walks both in order and each member's characters
// follow by id), so a page never sorts all the members who share a last name (issue 8).
export const byPlayer = [sql`lower(${users.user_lname})`, users.id_user] as const;
