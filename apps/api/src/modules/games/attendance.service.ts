// Issue 28: attendance — checking in (exactly once per key, even sent again from an offline phone),
// closing the game (XP and prestige posted once, in one transaction) and corrections afterwards.
import { randomUUID } from 'node:crypto';
import type { CheckinInput, CorrectionInput } from '@guildhall/shared/schemas/games';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor';
import { gameCheckins, games, type Db, prestige, tablesChanged, type Tx, users, xpLogs } from '../../db/index';
import { addXpLogIn, voidXpLogIn } from '../characters/xp-log.service';
import { notify, type NoticeTx, noticesTransaction } from '../notifications/notifications.service';
import { awardsOwnPrestige } from '../prestige/prestige.policy';
import { addPrestigeIn, deletePrestigeIn } from '../prestige/prestige.service';
import { gamesErrors } from './games.errors';
import { gameLink } from './game-link';
import { localDate } from './recurrence';
import { assertPlayable } from './signup-statement';
import { lockGame, rosterChanged } from './signups.service';

/**
 * Checks a member in. The key is the device's: a key seen before answers the check-in it made (for the same game and
 * member only: another's is refused), and a member already checked in (from another phone) is not checked in twice.
 */
/** Who attends is a member whose account is open: the door list never offers a deactivated (or erased) one. */
async function assertActiveMember(tx: Tx, id_user: number, path?: string) {
  const [member] = await tx
    .select({ id: users.id_user })
    .from(users)
    .where(and(eq(users.id_user, id_user), eq(users.is_disabled, false)));
  if (!member) throw gamesErrors.memberNotFound(path);
}

export async function checkIn(
  db: Db,
  by: number,
  id_game: number,
  input: CheckinInput,
): Promise<{ id_checkin: number; replayed: boolean }> {
  return db.transaction(async (tx) => {
    const replay = await byKey(tx, input.key);
    if (replay) return replayOf(replay, id_game, input);
    const game = await lockGame(tx, id_game);
    if (game.status !== 'scheduled') throw gamesErrors.notScheduled();
    await assertActiveMember(tx, input.id_user);
    await assertPlayable(tx, game, input.id_user, input.role, input.id_character);
    const [created] = await tx
      .insert(gameCheckins)
      .values({
        id_game,
        idempotency_key: input.key,
        id_user: input.id_user,
        id_character: input.role === 'player' ? input.id_character! : null,
        role: input.role,
        checked_in_by: by,
      })
      .onConflictDoNothing()
      .returning({ id_checkin: gameCheckins.id_checkin });
    if (created) {
      await rosterChanged(tx, id_game);
      return { id_checkin: created.id_checkin, replayed: false };
    }
    // Nothing written: the key was taken at once by another request (seen now it has committed), or the member is in.
    const taken = await byKey(tx, input.key);
    if (taken) return replayOf(taken, id_game, input);
    const [live] = await tx
      .select({ id_checkin: gameCheckins.id_checkin })
      .from(gameCheckins)
      .where(and(eq(gameCheckins.id_game, id_game), eq(gameCheckins.id_user, input.id_user), isNull(gameCheckins.voided_at)));
    return { id_checkin: live!.id_checkin, replayed: true };
  });
}

async function byKey(tx: Tx, key: string) {
  const [row] = await tx
    .select({ id_checkin: gameCheckins.id_checkin, id_game: gameCheckins.id_game, id_user: gameCheckins.id_user })
    .from(gameCheckins)
    .where(eq(gameCheckins.idempotency_key, key));
  return row;
}

/** The check-in a key made, sent again; the key reused for another game or member is a 409, never someone else's. */
function replayOf(made: NonNullable<Awaited<ReturnType<typeof byKey>>>, id_game: number, input: CheckinInput) {
  if (made.id_game !== id_game || made.id_user !== input.id_user) throw gamesErrors.checkinKeyReused();
  return { id_checkin: made.id_checkin, replayed: true };
}

type Checkin = { id_user: number; id_character: number | null; role: 'player' | 'helper' };
type LockedGame = Awaited<ReturnType<typeof lockGame>>;
/** Who closes or corrects a game: whose name its entries carry, and whether they may award themselves prestige. */
type Runner = Pick<Actor, 'id_user' | 'isAdmin'>;

/**
 * What one check-in earns: the XP entry for a player's character, prestige for a helper (but not to the runner who
 * closes the game, as nobody awards themselves prestige: another runner's closing, or staff, award it).
 */
async function post(tx: NoticeTx, runner: Runner, game: LockedGame, checkin: Checkin): Promise<'xp' | 'prestige' | null> {
  const by = runner.id_user;
  const on = localDate(game.starts_at, game.time_zone);
  if (checkin.role === 'player' && checkin.id_character !== null && game.xp_award > 0) {
    const entry = await addXpLogIn(
      tx,
      by,
      {
        id_character: checkin.id_character,
        xp_type: 'Earn',
        xp_amount: game.xp_award,
        xp_description: `Attended ${game.game_name} on ${on}`,
      },
      game.id_game,
    );
    if (!entry) return null;
    await notify(tx, checkin.id_user, {
      kind: 'game',
      message: `Attending ${game.game_name} on ${on} earned ${game.xp_award} XP.`,
      link: `/characters/list/${checkin.id_character}`,
    });
    return 'xp';
  }
  if (checkin.role === 'helper' && game.prestige_points > 0 && !awardsOwnPrestige(runner, checkin.id_user)) {
    await addPrestigeIn(tx, by, {
      id_user: checkin.id_user,
      prestige_description: `${game.prestige_reason}: ${game.game_name} on ${on}`,
      prestige_category: game.prestige_category,
      prestige_general: game.prestige_points,
      prestige_regional: 0,
      prestige_national: 0,
      prestige_usable_general: 0,
      id_game: game.id_game,
    });
    return 'prestige';
  }
  return null;
}

/** Closes the game once: every live check-in earns its entry in the same transaction; closing again does nothing. */
export async function closeGame(db: Db, runner: Runner, id_game: number) {
  const by = runner.id_user;
  const outcome = await noticesTransaction(db, async (tx) => {
    const game = await lockGame(tx, id_game);
    if (game.status === 'closed') return { closed: false, xp_entries: 0, prestige_entries: 0 };
    if (game.status === 'cancelled') throw gamesErrors.cancelled();
    const checkins = await tx
      .select({ id_user: gameCheckins.id_user, id_character: gameCheckins.id_character, role: gameCheckins.role })
      .from(gameCheckins)
      .where(and(eq(gameCheckins.id_game, id_game), isNull(gameCheckins.voided_at)))
      .orderBy(asc(gameCheckins.id_checkin));
    const posted = { xp: 0, prestige: 0 };
    for (const checkin of checkins) {
      const kind = await post(tx, runner, game, checkin);
      if (kind) posted[kind]++;
    }
    await tx
      .update(games)
      .set({ status: 'closed', closed_at: sql`now()`, closed_by: by, updated_at: sql`now()` })
      .where(eq(games.id_game, id_game));
    return { closed: true, xp_entries: posted.xp, prestige_entries: posted.prestige };
  });
  if (outcome.prestige_entries) tablesChanged(db, ['prestige']);
  return outcome;
}

/** Corrects a closed game's attendance: a voided check-in's entries are voided (XP) or deleted with an audit (prestige). */
export async function correctAttendance(db: Db, runner: Runner, id_game: number, input: CorrectionInput) {
  const by = runner.id_user;
  await noticesTransaction(db, async (tx) => {
    const game = await lockGame(tx, id_game);
    await rosterChanged(tx, id_game);
    for (const id_checkin of input.void) {
      const [checkin] = await tx
        .update(gameCheckins)
        .set({ voided_at: sql`now()`, voided_by: by })
        .where(and(eq(gameCheckins.id_checkin, id_checkin), eq(gameCheckins.id_game, id_game), isNull(gameCheckins.voided_at)))
        .returning();
      if (!checkin) throw gamesErrors.checkinNotFound();
      const entries = checkin.id_character
        ? await tx
            .select({ id: xpLogs.id_xp_log })
            .from(xpLogs)
            .where(and(eq(xpLogs.id_game, id_game), eq(xpLogs.id_character, checkin.id_character), eq(xpLogs.is_void, false)))
        : [];
      for (const entry of entries) await voidXpLogIn(tx, entry.id, by);
      const awards = await tx
        .select({ id: prestige.id_prestige })
        .from(prestige)
        .where(and(eq(prestige.id_game, id_game), eq(prestige.id_user, checkin.id_user)));
      for (const award of awards) await deletePrestigeIn(tx, by, award.id);
      await notify(tx, checkin.id_user, {
        kind: 'game',
        message: `Your attendance at ${game.game_name} on ${localDate(game.starts_at, game.time_zone)} was corrected: what it earned was withdrawn.`,
        link: gameLink(id_game),
      });
    }
    for (const [i, added] of input.add.entries()) {
      await assertActiveMember(tx, added.id_user, `add.${i}.id_user`);
      await assertPlayable(tx, game, added.id_user, added.role, added.id_character);
      const [created] = await tx
        .insert(gameCheckins)
        .values({
          id_game,
          idempotency_key: `correction-${randomUUID()}`,
          id_user: added.id_user,
          id_character: added.role === 'player' ? added.id_character! : null,
          role: added.role,
          checked_in_by: by,
        })
        .onConflictDoNothing()
        .returning();
      if (created) await post(tx, runner, game, created);
    }
  });
  tablesChanged(db, ['prestige']);
}
