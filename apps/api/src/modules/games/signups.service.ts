// Issue 28: signing up for a game and withdrawing. The game's row is locked for each change, so sign-ups at once
// take turns: the count of players going never passes the capacity; the rest wait in order of arrival and the first
// waiting is promoted when a player going withdraws.
import type { SignupInput } from '@guildhall/shared/schemas/games';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { gameSignups, games, users, type Db, type Tx } from '../../db/index';
import { notify, type NoticeTx, noticesTransaction } from '../notifications/notifications.service';
import { gamesErrors } from './games.errors';
import { gameLink } from './game-link';
import { inTurns } from './in-turns';
import { localDate } from './recurrence';
import { answered, type SignupParam, signupStatement, statements } from './signup-statement';

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

type SignupStatus = 'going' | 'waiting';

/**
 * Signs the member up (or changes their character or role); a player past the capacity waits. Sign-ups at once
 * queue on the game's row: one statement holds it (signupWrite, in signup-statement.ts) and checks the character
 * there. Those that arrive while the game's earlier sign-ups are written wait in this process and are then written
 * together (inTurns).
 */
export async function signUp(db: Db, id_user: number, id_game: number, input: SignupInput): Promise<SignupStatus> {
  return signUpsOfAGame(db, id_game, {
    id_game,
    id_user,
    // A helper comes without a character (as at the door): one named would be shown back without being checked.
    id_character: input.role === 'player' ? input.id_character! : null,
    role: input.role,
    may_free: false,
  });
}

type SignupValues = Record<SignupParam, unknown>;

const signUpsOfAGame = inTurns<SignupValues, SignupStatus>(async (db, turn) =>
  turn.length === 1 ? [await signUpAlone(db, turn[0]!).catch((error: Error) => error)] : signUpTogether(db, turn),
);

/**
 * One sign-up in one statement. A going player turning helper frees a place: that change is made again in a
 * transaction that promotes the first waiting and tells them.
 */
async function signUpAlone(db: Db, values: SignupValues): Promise<SignupStatus> {
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
async function signUpFreeingAPlace(db: Db, values: SignupValues): Promise<SignupStatus> {
  return noticesTransaction(db, async (tx) => {
    const { status, promoted } = await signUpFreeing(writesIn(tx), values);
    if (status === null) throw gamesErrors.signupConflict();
    if (status instanceof Error) throw status;
    await tellPromoted(tx, values.id_game as number, promoted);
    return status;
  });
}

/**
 * Sign-ups that waited for the same game, in one transaction. They go in rounds: each member's first sign-up of the
 * turn in the first, a second in the next, so a member's own keep their order. A round's statements go to the
 * database together (the pool pipelines them) and decide in their order. One that would free a place writes nothing
 * there; after its round it is made again with the promotion behind it, these too sent together. Sign-ups at once
 * have no order of their own, and the first waiting is still the one promoted. Those promoted are told once, at the
 * end. A refusal is answered to its own sign-up; one that wrote nothing (the member's own sign-up from another
 * process met it) is tried again alone after the commit. Should the transaction fail, each is written again alone.
 */
async function signUpTogether(db: Db, turn: SignupValues[]): Promise<(SignupStatus | Error)[]> {
  const alone = (values: SignupValues) => signUpAlone(db, values).catch((error: Error) => error);
  const written = await noticesTransaction(db, async (tx) => {
    const writes = writesIn(tx);
    const results: (SignupStatus | Error | null)[] = [];
    const promoted: Promoted[] = [];
    for (const round of rounds(turn)) {
      const outcomes = await Promise.all(round.map((i) => writes.signup.execute(turn[i]!)));
      const freeing: number[] = [];
      for (const [j, [outcome]] of outcomes.entries()) {
        const i = round[j]!;
        results[i] = refusalOr(() => answered(outcome));
        if (results[i] === null && outcome?.frees) freeing.push(i);
      }
      const made = await Promise.all(freeing.map((i) => signUpFreeing(writes, turn[i]!)));
      for (const [k, { status, promoted: moved }] of made.entries()) {
        results[freeing[k]!] = status;
        promoted.push(...moved);
      }
    }
    await tellPromoted(tx, turn[0]!.id_game as number, promoted);
    return results;
  }).catch(() => undefined);
  if (!written) return Promise.all(turn.map(alone));
  return Promise.all(written.map((result, i) => (result === null ? alone(turn[i]!) : result)));
}

/** The turn's sign-ups (their indices) in rounds: each member's first in the first round, their second in the next… */
function rounds(turn: SignupValues[]): number[][] {
  const seen = new Map<unknown, number>();
  const byRound: number[][] = [];
  turn.forEach((values, i) => {
    const round = seen.get(values.id_user) ?? 0;
    seen.set(values.id_user, round + 1);
    if (round === byRound.length) byRound.push([]);
    byRound[round]!.push(i);
  });
  return byRound;
}

/** What `answer` returns, or the refusal (an HTTP error) it throws. */
function refusalOr<T>(answer: () => T): T | Error {
  try {
    return answer();
  } catch (refused) {
    return refused as Error;
  }
}

/** The statements a transaction of sign-ups runs: the sign-up's and the promotion's, each prepared by name. */
const writesIn = (tx: Tx) => ({ signup: signupStatement(tx), promote: promotion(tx) });

/**
 * The statement, free to free a place, and the promotion sent with it, run in that order (the pool pipelines them;
 * with no room the promotion moves nobody). A refusal is answered, not thrown.
 */
async function signUpFreeing(writes: ReturnType<typeof writesIn>, values: SignupValues) {
  const [[outcome], promoted] = await Promise.all([
    writes.signup.execute({ ...values, may_free: true }),
    writes.promote.execute({ id_game: values.id_game }),
  ]);
  return { status: refusalOr(() => answered(outcome)), promoted };
}

type Promoted = Awaited<ReturnType<ReturnType<typeof promotion>['execute']>>[number];

/** Tells the players promoted (the promotion's rows, with the game; none when nobody was) that a place opened. */
async function tellPromoted(tx: NoticeTx, id_game: number, promoted: Promoted[]) {
  const game = promoted[0];
  if (!game) return;
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

/**
 * The promotion, run after the game's lock is taken (so it sees every sign-up committed before): lets the first
 * waiting players in while there is room (all of them when the game has no limit: LIMIT NULL) and keeps the count of
 * players going, in one statement prepared by name. A deactivated member waiting at a game already under way is
 * passed over (deactivation gives up the places at coming games only).
 * It answers the players moved from waiting to going (one row with none when nobody was), each with the game.
 */
function promotion(tx: Tx) {
  const id_game = sql`${sql.placeholder('id_game')}::int`;
  const going = tx
    .$with('going', { n: sql<number>`n`.as('n') })
    .as(sql`select count(*)::int as n from ${gameSignups} where id_game = ${id_game} and status = 'going' and role = 'player'`);
  const next = tx.$with('next', { id_signup: gameSignups.id_signup }).as(
    sql`select s.id_signup from ${gameSignups} s where s.id_game = ${id_game} and s.status = 'waiting' and s.role = 'player'
        and not exists (select from ${users} u where u.id_user = s.id_user and u.is_disabled)
      order by s.position limit (select case when g.capacity is not null then greatest(g.capacity - going.n, 0) end from ${games} g, going where g.id_game = ${id_game})`,
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
    .leftJoin(promoted, sql`true`)
    .prepare('game_promotion');
}

/**
 * Under the game's lock (the caller's), lets the first waiting players into the places free and tells them, as a
 * withdrawal does; a raised or removed capacity frees places too. True when anyone was promoted.
 */
export async function promoteWaiting(tx: NoticeTx, id_game: number): Promise<boolean> {
  const promoted = await promotion(tx).execute({ id_game });
  await tellPromoted(tx, id_game, promoted);
  return promoted.some((p) => p.id_user !== null);
}

/** The member withdraws; a player's place goes to the first waiting. */
export async function withdraw(db: Db, id_user: number, id_game: number): Promise<void> {
  await noticesTransaction(db, async (tx) => {
    const game = await lockGame(tx, id_game);
    if (game.status !== 'scheduled') throw gamesErrors.notScheduled();
    const [signup] = await tx
      .update(gameSignups)
      .set({ status: 'cancelled', updated_at: sql`now()` })
      .where(and(eq(gameSignups.id_game, id_game), eq(gameSignups.id_user, id_user), sql`${gameSignups.status} <> 'cancelled'`))
      .returning({ role: gameSignups.role });
    if (!signup) throw gamesErrors.notSignedUp();
    await promoteWaiting(tx, id_game);
    await rosterChanged(tx, id_game);
  });
}

/**
 * A member who leaves (erased or deactivated) gives up their places at games not yet held as a withdrawal gives them
 * up: the first waiting move in.
 */
export async function withdrawFromComingGames(tx: Tx, id_user: number) {
  const signedUp = and(eq(gameSignups.id_user, id_user), ne(gameSignups.status, 'cancelled'));
  const coming = await tx
    .select({ id_game: games.id_game })
    .from(games)
    .where(
      and(
        eq(games.status, 'scheduled'),
        sql`${games.starts_at} > now()`,
        inArray(games.id_game, tx.select({ id: gameSignups.id_game }).from(gameSignups).where(signedUp)),
      ),
    )
    .orderBy(games.id_game);
  for (const { id_game } of coming) await withdraw(tx, id_user, id_game);
}
