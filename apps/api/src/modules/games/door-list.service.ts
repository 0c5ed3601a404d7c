// Issue 28: the check-in page's list — who signed up (going or waiting) with their check-in, or the members a
// search finds by name or membership number (walk-ins) — each with the characters they could play at the game.
// PostgreSQL builds the JSON answer in one statement: a 200-person event's list was 3.5 ms of the API's CPU per
// request when mapped and serialised row by row in JavaScript (docs/bench/games.md).
import { eq, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { afterPrefix, foldText, wordsOf } from '@guildhall/shared/rules/name-search';
import { characters, type Db, gameCheckins, gameSignups, games, oncePerDatabase, qualified, users, venues } from '../../db/index';
import { foundGame, gameFactsColumns } from './game-facts.service';
import type { GameFacts } from './games.policy';

/** A search shows at most this many members: typing more of the name narrows it. */
export const WALK_IN_LIMIT = 20;

type DoorListParam = 'id_game' | 'id_venue' | 'id_location' | 'camnum' | 'words' | 'first' | 'first_after';
/**
 * A value the statement is given, read through a sub-select (an InitPlan), whose value the planner does not look at.
 * The statements' best plans never depend on the values (an index read in order stopping at 20, members by id), but
 * with the values in sight PostgreSQL costs each search lower than the generic plan and plans every search anew
 * (about 0.7 ms, more than running it); costed alike, it keeps the generic plan after its fifth run.
 */
const given = (name: DoorListParam, type: 'int' | 'text' | 'text[]') => sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;

/**
 * The members a search finds: the membership number, or every word starting a name. Any 20 matches: the first 20 in
 * each name's prefix index for the first word (each scan stops there), every word checked on those rows.
 */
function searched(): SQL {
  const limit = sql.raw(String(WALK_IN_LIMIT));
  const words = given('words', 'text[]');
  const names = [users.fold_fname, users.fold_mname, users.fold_lname, users.fold_nick];
  // As a scalar over the words (not `not exists`, which PostgreSQL guesses keeps 2% of rows and so reads the whole
  // prefix by a bitmap), each branch is read in its index's order and stops at 20.
  const everyWord = sql`(select bool_and(${sql.join(
    names.map((name) => sql`starts_with(${name}, w)`),
    sql` or `,
  )}) from unnest(${words}) w)`;
  const byName = names.map(
    (name) => sql`(select ${users.id_user} from ${users} where ${name} ~>=~ ${given('first', 'text')}
      and ${name} ~<~ ${given('first_after', 'text')} and ${everyWord} and not ${users.is_disabled} order by ${name} using ~<~ limit ${limit})`,
  );
  const byNumber = sql`(select ${users.id_user} from ${users} where ${users.user_camnum} = ${given('camnum', 'text')} and not ${users.is_disabled})`;
  return sql`select id_user from (${sql.join([byNumber, ...byName], sql` union `)}) found limit ${limit}`;
}

/** What the search statement is given for what was typed (the first word's range holds every name it starts). */
function searchValues(search: string): Record<'camnum' | 'words' | 'first' | 'first_after', unknown> {
  const words = wordsOf(search).map(foldText);
  // A word ending in U+10FFFF has no next text: the range of its shorter prefix holds it (each word is checked).
  let first = words[0]!;
  while (first && afterPrefix(first) === undefined) first = first.slice(0, -1);
  return { camnum: search.toUpperCase(), words, first, first_after: afterPrefix(first) ?? '\u{10FFFF}' };
}

/** The game a door list is read for: its values given to the statement, or its row's columns. */
interface GameValues {
  id_game: SQL;
  id_venue: SQL;
  id_location: SQL;
}

const expected = (
  game: GameValues,
) => sql`select s.id_user from ${gameSignups} s where s.id_game = ${game.id_game} and s.status in ('going', 'waiting')
      union select c.id_user from ${gameCheckins} c where c.id_game = ${game.id_game} and c.voided_at is null`;

// The list of those expected is the same for every storyteller at the door until a sign-up or check-in moves the
// game's roster_version (read with the policy's facts, from the database: right for every API process). Kept a
// minute at most, so a member's new name or newly accepted character shows within one.
const kept = oncePerDatabase(() => new LRUCache<string, string>({ max: 500, ttl: 60_000 }));

/** The door list (those expected) as the JSON text of an `Attendee[]`, sorted by folded last and first name. */
export async function doorListJson(db: Db, game: DoorListGame): Promise<string> {
  if (game.roster_version === undefined) return readDoorList(db, game);
  const key = `${game.id_game}:${game.roster_version}`;
  const found = kept(db).get(key);
  if (found !== undefined) return found;
  const body = await readDoorList(db, game);
  kept(db).set(key, body);
  return body;
}

/**
 * A door list's JSON: the members `who` gives, with their sign-up, check-in and characters accepted at the game, as
 * the aggregate and the relations it reads.
 */
function doorList(who: SQL, game: GameValues): { body: SQL<string>; from: SQL } {
  const u = qualified;
  // Only a sign-up still going or waiting counts: a withdrawn member at the door is a walk-in, whatever role they
  // had signed up for. The member's characters accepted here (by the member's index: a search reads 20 members' only). A venue's game
  // needs only the character's row; a domain's event looks up each character's venue for its domain.
  const here = sql`(pc.id_venue = ${game.id_venue} or (${game.id_venue} is null
    and exists (select from ${venues} pv where pv.id_venue = pc.id_venue and pv.id_location = ${game.id_location})))`;
  const body = sql<string>`coalesce(json_agg(json_build_object(
      'id_user', ${u(users.id_user)},
      'member_name', concat_ws(' ', ${u(users.user_fname)}, ${u(users.user_lname)}),
      'user_camnum', ${u(users.user_camnum)},
      'signup_status', s.status,
      'role', coalesce(c.role, s.role),
      'id_character', coalesce(c.id_character, s.id_character),
      'character_name', played.character_name,
      'id_checkin', c.id_checkin,
      'characters', coalesce(playable.list, '[]'::json)
    ) order by ${u(users.fold_lname)}, ${u(users.fold_fname)}, ${u(users.id_user)}), '[]'::json)::text`;
  const from = sql`(${who}) who
    join ${users} on ${u(users.id_user)} = who.id_user
    left join ${gameSignups} s on s.id_user = ${u(users.id_user)} and s.id_game = ${game.id_game} and s.status in ('going', 'waiting')
    left join ${gameCheckins} c on c.id_user = ${u(users.id_user)} and c.id_game = ${game.id_game} and c.voided_at is null
    left join ${characters} played on played.id_character = coalesce(c.id_character, s.id_character)
    left join lateral (
      select json_agg(json_build_object('id_character', pc.id_character, 'character_name', pc.character_name) order by pc.character_name, pc.id_character) as list
      from ${characters} pc
      where pc.id_user = ${u(users.id_user)} and ${here} and pc.st_signed = 'yes' and pc.being_reviewed is distinct from 'no' and pc.character_status = 'Active'
    ) playable on true`;
  return { body, from };
}

const givenGame: GameValues = {
  id_game: given('id_game', 'int'),
  id_venue: given('id_venue', 'int'),
  id_location: given('id_location', 'int'),
};
const gameRow: GameValues = {
  id_game: qualified(games.id_game),
  id_venue: qualified(games.id_venue),
  id_location: qualified(games.id_location),
};

// Each prepared by name, so PostgreSQL plans it once per connection (planning it cost more than running it). A
// search is one statement: the game's facts for the policy, and the members found with their rows as a sub-select
// of the game's row; its plan does not depend on what was typed (`given`).
const statements = oncePerDatabase((db) => {
  const list = doorList(expected(givenGame), givenGame);
  const found = doorList(searched(), gameRow);
  return {
    list: db
      .select({ body: list.body.as('body') })
      .from(list.from)
      .prepare('door_list'),
    search: db
      .select({ ...gameFactsColumns, body: sql<string>`(select ${found.body} from ${found.from})`.as('body') })
      .from(games)
      .leftJoin(venues, eq(venues.id_venue, games.id_venue))
      .where(eq(games.id_game, sql.placeholder('id_game')))
      .prepare('door_list_search'),
  };
});

async function readDoorList(db: Db, game: DoorListGame): Promise<string> {
  return (await statements(db).list.execute({ id_game: game.id_game, id_venue: game.id_venue, id_location: game.id_location }))[0]!.body;
}

/**
 * A walk-in search at the door: the game's facts, for the policy to decide on before the answer is sent, and the
 * members found as the JSON text of an `Attendee[]` (at most 20, sorted as the door list), read in one statement.
 * 404 when there is no such game.
 */
export async function walkInSearch(db: Db, id_game: number, search: string): Promise<{ facts: GameFacts; json: string }> {
  const { body, ...facts } = foundGame((await statements(db).search.execute({ id_game, ...searchValues(search) }))[0]);
  return { facts, json: body };
}

export interface DoorListGame {
  id_game: number;
  id_venue: number | null;
  id_location: number;
  roster_version?: number;
}
