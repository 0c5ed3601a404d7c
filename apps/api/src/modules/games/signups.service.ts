// Issue 28: signing up for a game and withdrawing. The game's row is locked for each change, so sign-ups at once
// take turns: the count of players going never passes the capacity; the rest wait in order of arrival and the first
// waiting is promoted when a player going withdraws.
import type { SignupRole } from '@guildhall/shared/constants';
import type { SignupInput } from '@guildhall/shared/schemas/games';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { characters, gameSignups, games, type Db, type Tx, venues } from '../../db/index';
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

/** Characters accepted here: on the game's venue's style sheet, or for a domain's event on one of the domain's. */
export const playableAt = (game: Pick<LockedGame, 'id_venue' | 'id_location'>) =>
  and(
    eq(characters.st_signed, 'yes'),
    eq(characters.character_status, 'Active'),
    game.id_venue === null ? eq(venues.id_location, game.id_location) : eq(venues.id_venue, game.id_venue),
  );

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

async function playersGoing(tx: Tx, id_game: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(gameSignups)
    .where(and(eq(gameSignups.id_game, id_game), eq(gameSignups.status, 'going'), eq(gameSignups.role, 'player')));
  return Number(row?.n ?? 0);
}

/**
 * Signs the member up (or changes their character or role); a player past the capacity waits. Sign-ups at once
 * queue on the game's row, so the time it is held is kept short: the write (which reads the count of players going
 * and the next place itself, after the lock) and the door list's version, then the commit.
 */
export async function signUp(
  db: Db,
  id_user: number,
  place: { id_game: number; id_venue: number | null; id_location: number },
  input: SignupInput,
): Promise<'going' | 'waiting'> {
  const { id_game } = place;
  // Whether the character may play here does not depend on the game's lock: checked before taking it.
  await assertPlayable(db, place, id_user, input.role, input.id_character);
  const id_character = input.role === 'player' ? input.id_character! : (input.id_character ?? null);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ game: games, existing: { status: gameSignups.status, role: gameSignups.role } })
      .from(games)
      .leftJoin(gameSignups, and(eq(gameSignups.id_game, games.id_game), eq(gameSignups.id_user, id_user)))
      .where(eq(games.id_game, id_game))
      .for('update', { of: games });
    if (!locked) throw gamesErrors.notFound();
    const { game, existing } = locked;
    if (game.status !== 'scheduled') throw gamesErrors.notScheduled();
    const mine = and(eq(gameSignups.id_game, id_game), eq(gameSignups.id_user, id_user));
    // Already in (going, or waiting with a player's place): only the character changes.
    if (existing?.status && existing.status !== 'cancelled' && existing.role === input.role) {
      await tx.update(gameSignups).set({ id_character, updated_at: sql`now()` }).where(mine);
      await rosterChanged(tx, id_game);
      return existing.status as 'going' | 'waiting';
    }
    const going = sql`(select count(*) from ${gameSignups} g where g.id_game = ${id_game} and g.status = 'going' and g.role = 'player')`;
    const status =
      input.role === 'player' && game.capacity !== null
        ? sql<'going' | 'waiting'>`case when ${going} >= ${game.capacity} then 'waiting' else 'going' end`
        : sql<'going'>`'going'`;
    const position = sql<number>`(select coalesce(max(p.position), 0) + 1 from ${gameSignups} p where p.id_game = ${id_game})`;
    const values = { id_character, role: input.role, status, position, updated_at: sql`now()` };
    const [written] = await tx
      .insert(gameSignups)
      .values({ id_game, id_user, ...values })
      .onConflictDoUpdate({ target: [gameSignups.id_game, gameSignups.id_user], set: values })
      .returning({ status: gameSignups.status });
    // A player who was going and became a helper frees a place.
    if (existing?.status === 'going' && existing.role === 'player') await promoteWaiting(tx, game);
    await rosterChanged(tx, id_game);
    return written!.status as 'going' | 'waiting';
  });
}

/** Lets the first waiting players in while there is room, and tells them. */
async function promoteWaiting(tx: Tx, game: Pick<LockedGame, 'id_game' | 'game_name' | 'starts_at' | 'time_zone' | 'capacity'>) {
  if (game.capacity === null) return;
  const room = game.capacity - (await playersGoing(tx, game.id_game));
  if (room <= 0) return;
  const next = await tx
    .select({ id_signup: gameSignups.id_signup, id_user: gameSignups.id_user })
    .from(gameSignups)
    .where(and(eq(gameSignups.id_game, game.id_game), eq(gameSignups.status, 'waiting')))
    .orderBy(asc(gameSignups.position))
    .limit(room);
  for (const signup of next)
    await tx.update(gameSignups).set({ status: 'going', updated_at: sql`now()` }).where(eq(gameSignups.id_signup, signup.id_signup));
  await notify(
    tx,
    next.map((s) => s.id_user),
    {
      kind: 'game',
      message: `A place opened: you are now going to ${game.game_name} on ${localDate(game.starts_at, game.time_zone)}.`,
      link: gameLink(game.id_game),
    },
  );
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
    await promoteWaiting(tx, game);
    await rosterChanged(tx, id_game);
  });
}
