// Issue 28: signing up for a game and withdrawing. The game's row is locked for each change, so sign-ups at once
// take turns: the count of players going never passes the capacity; the rest wait in order of arrival and the first
// waiting is promoted when a player going withdraws.
import type { SignupRole } from '@guildhall/shared/constants';
import type { SignupInput } from '@guildhall/shared/schemas/games';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { characters, gameSignups, games, oncePerDatabase, type Db, type Tx, venues } from '../../db/index';
import { notify } from '../notifications/notifications.service';
import { gamesErrors } from './games.errors';
import { gameLink } from './games.service';
import { localDate } from './recurrence';

type LockedGame = typeof games.$inferSelect;

/** Who is expected or checked in changed: the door lists kept for the game's earlier versions are stale. */
export async function rosterChanged(tx: Tx, id_game: number) {
  await tx
    .update(games)
    .set({ roster_version: sql`${games.roster_version} + 1` })
    .where(eq(games.id_game, id_game));
}

/** The game's row, locked until the transaction ends; 404 when there is none. */
export async function lockGame(tx: Tx, id_game: number): Promise<LockedGame> {
  const [game] = await tx.select().from(games).where(eq(games.id_game, id_game)).for('update');
  if (!game) throw gamesErrors.notFound();
  return game;
}

/**
 * Characters accepted here: on the game's venue's style sheet, or for a domain's event on one of the domain's. The
 * game is given as its values, or as its row's columns inside a statement (the sign-up's).
 */
export const playableAt = (game: { id_venue: number | null | SQL; id_location: number | SQL }) => {
  const [venue, location] = [sql`${game.id_venue}::int`, sql`${game.id_location}::int`];
  return and(
    eq(characters.st_signed, 'yes'),
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
  game: Pick<LockedGame, 'id_venue' | 'id_location'>,
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

type SignupParam = 'id_game' | 'id_user' | 'id_character' | 'role' | 'may_free';

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
  // A player's character must be theirs, active, and accepted here (a helper's is not checked).
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

const signupStatement = (q: Db | Tx) => signupWrite(q, (name) => sql`${sql.placeholder(name)}`).prepare('game_signup');
const statements = oncePerDatabase((db) => ({ signup: signupStatement(db) }));

type SignupOutcome = Awaited<ReturnType<ReturnType<typeof signupStatement>['execute']>>[number];

/** The sign-up's status, or the error that stopped it; null when it wrote nothing though it should have. */
function answered(outcome: SignupOutcome | undefined): 'going' | 'waiting' | null {
  if (!outcome) throw gamesErrors.notFound();
  if (!outcome.accepted) throw gamesErrors.characterNotAccepted();
  if (outcome.game_status !== 'scheduled') throw gamesErrors.notScheduled();
  return outcome.status;
}

/**
 * Signs the member up (or changes their character or role); a player past the capacity waits. Sign-ups at once
 * queue on the game's row: one statement holds it (signupWrite), and checks the character there. A going player
 * turning helper frees a place: that change is made again in a transaction that promotes the first waiting and tells
 * them.
 */
export async function signUp(db: Db, id_user: number, id_game: number, input: SignupInput): Promise<'going' | 'waiting'> {
  const values: Record<SignupParam, unknown> = {
    id_game,
    id_user,
    id_character: input.role === 'player' ? input.id_character! : (input.id_character ?? null),
    role: input.role,
    may_free: false,
  };
  // Nothing written though it should have been: the member's own sign-up at once with this one came after its
  // snapshot (its insert met theirs). Again, now that it is seen; a third miss is a conflict, not a loop.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [outcome] = await statements(db).signup.execute(values);
    const status = answered(outcome);
    if (status) return status;
    if (outcome!.frees) return signUpFreeingAPlace(db, values);
  }
  throw gamesErrors.signupConflict();
}

/** The same statement, freeing a place, then the promotion after it under the same lock: one transaction. */
async function signUpFreeingAPlace(db: Db, values: Record<SignupParam, unknown>): Promise<'going' | 'waiting'> {
  return db.transaction(async (tx) => {
    const [outcome] = await signupStatement(tx).execute({ ...values, may_free: true });
    const status = answered(outcome);
    if (!status) throw gamesErrors.signupConflict();
    await promoteWaiting(tx, values.id_game as number);
    return status;
  });
}

/**
 * Lets the first waiting players in while there is room and keeps the count of players going, in one statement run
 * after the game's lock is taken (so it sees every sign-up committed before), then tells them.
 */
async function promoteWaiting(tx: Tx, id_game: number) {
  const promoted = await promotion(tx, id_game);
  const game = promoted[0]!;
  await notify(
    tx,
    promoted.map((p) => p.id_user),
    {
      kind: 'game',
      message: `A place opened: you are now going to ${game.game_name} on ${localDate(game.starts_at, game.time_zone)}.`,
      link: gameLink(id_game),
    },
  );
}

/** The promotion: the players moved from waiting to going (one row with none when nobody was), each with the game. */
function promotion(tx: Tx, id_game: number) {
  const going = tx
    .$with('going', { n: sql<number>`n`.as('n') })
    .as(sql`select count(*)::int as n from ${gameSignups} where id_game = ${id_game} and status = 'going' and role = 'player'`);
  const next = tx.$with('next', { id_signup: gameSignups.id_signup }).as(
    sql`select s.id_signup from ${gameSignups} s where s.id_game = ${id_game} and s.status = 'waiting' and s.role = 'player'
      order by s.position limit (select greatest(coalesce(g.capacity - going.n, 0), 0) from ${games} g, going where g.id_game = ${id_game})`,
  );
  const promoted = tx
    .$with('promoted', { id_user: gameSignups.id_user })
    .as(
      sql`update ${gameSignups} s set status = 'going', updated_at = now() from next where s.id_signup = next.id_signup returning s.id_user`,
    );
  const counted = tx.$with('counted', { game_name: games.game_name, starts_at: games.starts_at, time_zone: games.time_zone }).as(
    sql`update ${games} g set players_going = going.n + (select count(*)::int from promoted) from going where g.id_game = ${id_game}
        returning g.game_name, g.starts_at, g.time_zone`,
  );
  return tx
    .with(going, next, promoted, counted)
    .select({ id_user: promoted.id_user, game_name: counted.game_name, starts_at: counted.starts_at, time_zone: counted.time_zone })
    .from(counted)
    .leftJoin(promoted, sql`true`);
}

/** The member withdraws; a player's place goes to the first waiting. */
export async function withdraw(db: Db, id_user: number, id_game: number): Promise<void> {
  await db.transaction(async (tx) => {
    const game = await lockGame(tx, id_game);
    if (game.status !== 'scheduled') throw gamesErrors.notScheduled();
    const [signup] = await tx
      .update(gameSignups)
      .set({ status: 'cancelled', updated_at: sql`now()` })
      .where(and(eq(gameSignups.id_game, id_game), eq(gameSignups.id_user, id_user), sql`${gameSignups.status} <> 'cancelled'`))
      .returning({ role: gameSignups.role });
    if (!signup) throw gamesErrors.notSignedUp();
    await promoteWaiting(tx, game.id_game);
    await rosterChanged(tx, id_game);
  });
}
