// Issue 28: the check-in page's list — who signed up (going or waiting) with their check-in, or the members a
// search finds by name or membership number (walk-ins) — each with the characters they could play at the game.
// PostgreSQL builds the JSON answer in one statement: a 200-person event's list was 3.5 ms of the API's CPU per
// request when mapped and serialised row by row in JavaScript (docs/bench/games.md).
import { and, or, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import {
  characters,
  type Db,
  everyWordStartsAName,
  gameCheckins,
  gameSignups,
  oncePerDatabase,
  qualified,
  users,
  venues,
} from '../../db/index';

/** A search shows at most this many members: typing more of the name narrows it. */
export const WALK_IN_LIMIT = 20;

/** The members a search finds: any 20 matches, taken as the indexes give them (then sorted by name). */
function searched(search: string): SQL {
  const found = or(
    sql`${users.user_camnum} = ${search.toUpperCase()}`,
    and(...everyWordStartsAName(search, [users.fold_fname, users.fold_mname, users.fold_lname, users.fold_nick])),
  );
  return sql`select ${users.id_user} from ${users} where ${found} and not ${users.is_disabled} limit ${WALK_IN_LIMIT}`;
}

const expected = (id_game: number) =>
  sql`select s.id_user from ${gameSignups} s where s.id_game = ${id_game} and s.status in ('going', 'waiting')
      union select c.id_user from ${gameCheckins} c where c.id_game = ${id_game} and c.voided_at is null`;

// The list of those expected is the same for every storyteller at the door until a sign-up or check-in moves the
// game's roster_version (read with the policy's facts, from the database: right for every API process). Kept a
// minute at most, so a member's new name or newly accepted character shows within one.
const kept = oncePerDatabase(() => new LRUCache<string, string>({ max: 500, ttl: 60_000 }));

/** The door list as the JSON text of an `Attendee[]`, sorted by folded last and first name. */
export async function doorListJson(db: Db, game: DoorListGame, q?: string | null): Promise<string> {
  const search = q?.trim();
  if (search || game.roster_version === undefined) return readDoorList(db, game, search);
  const key = `${game.id_game}:${game.roster_version}`;
  const found = kept(db).get(key);
  if (found !== undefined) return found;
  const body = await readDoorList(db, game, search);
  kept(db).set(key, body);
  return body;
}

async function readDoorList(db: Db, game: DoorListGame, search: string | undefined): Promise<string> {
  const u = qualified;
  // The member's characters accepted here (by the member's index: a search reads 20 members' only).
  const here = game.id_venue === null ? sql`pv.id_location = ${game.id_location}` : sql`pc.id_venue = ${game.id_venue}`;
  const query = sql`select coalesce(json_agg(json_build_object(
      'id_user', ${u(users.id_user)},
      'member_name', concat_ws(' ', ${u(users.user_fname)}, ${u(users.user_lname)}),
      'user_camnum', ${u(users.user_camnum)},
      'signup_status', s.status,
      'role', coalesce(c.role, s.role),
      'id_character', coalesce(c.id_character, s.id_character),
      'character_name', played.character_name,
      'id_checkin', c.id_checkin,
      'characters', coalesce(playable.list, '[]'::json)
    ) order by ${u(users.fold_lname)}, ${u(users.fold_fname)}, ${u(users.id_user)}), '[]'::json)::text as body
    from (${search ? searched(search) : expected(game.id_game)}) who
    join ${users} on ${u(users.id_user)} = who.id_user
    left join ${gameSignups} s on s.id_user = ${u(users.id_user)} and s.id_game = ${game.id_game}
    left join ${gameCheckins} c on c.id_user = ${u(users.id_user)} and c.id_game = ${game.id_game} and c.voided_at is null
    left join ${characters} played on played.id_character = coalesce(c.id_character, s.id_character)
    left join lateral (
      select json_agg(json_build_object('id_character', pc.id_character, 'character_name', pc.character_name) order by pc.character_name, pc.id_character) as list
      from ${characters} pc join ${venues} pv on pv.id_venue = pc.id_venue
      where pc.id_user = ${u(users.id_user)} and ${here} and pc.st_signed = 'yes' and pc.character_status = 'Active'
    ) playable on true`;
  const result = (await db.execute(query)) as unknown as { rows: { body: string }[] };
  return result.rows[0]!.body;
}

export interface DoorListGame {
  id_game: number;
  id_venue: number | null;
  id_location: number;
  roster_version?: number;
}
