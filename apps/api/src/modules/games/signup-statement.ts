// Issue 28: the sign-up's statement (decisions 102 and 126) and the rule of which characters may play a game.
import type { SignupRole } from '@guildhall/shared/constants';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { characters, gameSignups, games, oncePerDatabase, type Db, type Tx, venues } from '../../db/index';
import { gamesErrors } from './games.errors';

/**
 * Characters accepted here: on the game's venue's style sheet, or for a domain's event on one of the domain's. The
 * game is given as its values, or as its row's columns inside a statement (the sign-up's).
 */
export const playableAt = (game: { id_venue: number | null | SQL; id_location: number | SQL }) => {
  const [venue, location] = [sql`${game.id_venue}::int`, sql`${game.id_location}::int`];
  return and(
    // Accepted as SPEC §4 reads it (shared rules/vss-status.ts): signed 'yes' and not back under review.
    eq(characters.st_signed, 'yes'),
    sql`${characters.being_reviewed} is distinct from 'no'`,
    eq(characters.character_status, 'Active'),
    sql`case when ${venue} is null then ${venues.id_location} = ${location} else ${venues.id_venue} = ${venue} end`,
  );
};

/**
 * A player's character must be theirs, active, and accepted on the game's venue's style sheet (for a domain's
 * event: on a style sheet of a venue in that domain).
 */
export async function assertPlayable(
  tx: Db | Tx,
  game: Pick<typeof games.$inferSelect, 'id_venue' | 'id_location'>,
  id_user: number,
  role: SignupRole,
  id_character?: number,
) {
  if (role === 'helper' || id_character === undefined) return;
  const [character] = await tx
    .select({ id: characters.id_character })
    .from(characters)
    .innerJoin(venues, eq(venues.id_venue, characters.id_venue))
    .where(and(eq(characters.id_character, id_character), eq(characters.id_user, id_user), playableAt(game)));
  if (!character) throw gamesErrors.characterNotAccepted();
}

export type SignupParam = 'id_game' | 'id_user' | 'id_character' | 'role' | 'may_free';

/**
 * A sign-up in one statement, so sign-ups at once hold the game's row for one round trip and the commit. It locks the
 * game, then the member's sign-up (their latest version: a promotion may have changed it while it waited), decides
 * going or waiting from the players going kept on the game's row (rows counted here would be those of before the
 * wait), writes the sign-up at the place the new roster version gives, and moves the version and the count. A
 * change that frees a player's place writes nothing unless `may_free` (the caller then promotes in its transaction).
 */
function signupWrite(q: Db | Tx, value: (name: SignupParam) => SQL) {
  const [idGame, idUser, idCharacter, role] = [
    sql`${value('id_game')}::int`,
    sql`${value('id_user')}::int`,
    sql`${value('id_character')}::int`,
    sql`${value('role')}::text`,
  ];
  const game = q
    .$with('game', { id_game: games.id_game })
    .as(
      sql`select id_game, id_venue, id_location, status, capacity, players_going, roster_version from ${games} where id_game = ${idGame} for update`,
    );
  const mine = q
    .$with('mine', { id_signup: gameSignups.id_signup })
    .as(
      sql`select s.id_signup, s.status, s.role from game join ${gameSignups} s on s.id_game = game.id_game and s.id_user = ${idUser} for update of s`,
    );
  // A player's character must be theirs, active, and accepted here (a helper has none).
  const accepted = sql`${role} = 'helper' or ${idCharacter} is null or exists (select from ${characters}
    join ${venues} on ${venues.id_venue} = ${characters.id_venue}
    where ${characters.id_character} = ${idCharacter} and ${characters.id_user} = ${idUser}
      and ${playableAt({ id_venue: sql`game.id_venue`, id_location: sql`game.id_location` })})`;
  const decided = q
    .$with('decided', {
      game_status: sql<string>`game_status`.as('game_status'),
      accepted: sql<boolean>`accepted`.as('accepted'),
      frees: sql<boolean>`frees`.as('frees'),
    })
    .as(sql`select *, game_status = 'scheduled' and accepted and (not frees or ${value('may_free')}::boolean) as proceed from (
      select game.status as game_status, ${accepted} as accepted, game.roster_version + 1 as version, mine.id_signup, keep, next_status,
        (next_status = 'going' and ${role} = 'player')::int - (coalesce(mine.status = 'going' and mine.role = 'player', false))::int as delta,
        coalesce(mine.status = 'going' and mine.role = 'player' and ${role} <> 'player', false) as frees
      from game left join mine on true
      cross join lateral (select coalesce(mine.status <> 'cancelled' and mine.role = ${role}, false) as keep) k
      cross join lateral (select case when keep then mine.status
        when ${role} = 'player' and game.players_going >= game.capacity then 'waiting' else 'going' end as next_status) n
    ) d`);
  const inserted = q.$with('inserted', { status: gameSignups.status }).as(
    sql`insert into ${gameSignups} (id_game, id_user, id_character, role, status, position)
      select ${idGame}, ${idUser}, ${idCharacter}, ${role}, next_status, version from decided where proceed and id_signup is null
      on conflict do nothing returning status`,
  );
  const updated = q.$with('updated', { status: gameSignups.status }).as(
    sql`update ${gameSignups} s set id_character = ${idCharacter}, role = ${role}, status = d.next_status,
      position = case when d.keep then s.position else d.version end, updated_at = now()
      from decided d where d.proceed and s.id_signup = d.id_signup returning s.status`,
  );
  const moved = q.$with('moved', { id_game: games.id_game }).as(
    sql`update ${games} g set roster_version = d.version, players_going = g.players_going + d.delta from decided d
      where g.id_game = ${idGame} and exists (select 1 from inserted union all select 1 from updated) returning g.id_game`,
  );
  return q
    .with(game, mine, decided, inserted, updated, moved)
    .select({
      game_status: decided.game_status,
      accepted: decided.accepted,
      frees: decided.frees,
      status: sql<'going' | 'waiting' | null>`coalesce((select status from inserted), (select status from updated))`,
    })
    .from(decided);
}

export const signupStatement = (q: Db | Tx) => signupWrite(q, (name) => sql`${sql.placeholder(name)}`).prepare('game_signup');
export const statements = oncePerDatabase((db) => ({ signup: signupStatement(db) }));

type SignupOutcome = Awaited<ReturnType<ReturnType<typeof signupStatement>['execute']>>[number];

/** The sign-up's status, or the error that stopped it; null when it wrote nothing though it should have. */
export function answered(outcome: SignupOutcome | undefined): 'going' | 'waiting' | null {
  if (!outcome) throw gamesErrors.notFound();
  if (!outcome.accepted) throw gamesErrors.characterNotAccepted();
  if (outcome.game_status !== 'scheduled') throw gamesErrors.notScheduled();
  return outcome.status;
}
