// Issue 28: who may do what with a game. A venue's storyteller runs its games; a domain's officers (its
// coordinators, from the domain up, and its storytellers) run the domain's events and may step in for its venues;
// administrators may do all. Any member may sign up for a scheduled game.
import { GAME_CORRECTION_DAYS, POSITION_TYPES } from '@guildhall/shared/constants';
import type { Actor } from '../../auth/actor';
import { definePolicy } from '../../auth/policy';
import { coordinatesLocation } from '../../auth/scope';
import type { Db } from '../../db/index';
import { gamesErrors } from './games.errors';

export type GameAction = 'schedule' | 'view' | 'edit' | 'cancel' | 'checkIn' | 'close' | 'correct' | 'signUp';

/** Where a game is held and who runs it; for `schedule`, the venue or domain asked for. */
export interface GameFacts {
  id_venue: number | null;
  id_location: number;
  venue_st: number | null;
  status: 'scheduled' | 'cancelled' | 'closed';
  closed_at: Date | null;
  /** Read with the facts (gameFacts) for the door list's cache; not a rule's business. */
  roster_version?: number;
}

const DAY_MS = 86_400_000;

async function runsIt(actor: Actor, game: GameFacts, db: Db): Promise<boolean> {
  if (actor.isAdmin) return true;
  if (game.id_venue !== null && game.venue_st === actor.id_user) return true;
  const storytellerHere = actor.positions.some(
    (p) =>
      p.id_location === game.id_location &&
      POSITION_TYPES[p.pos_type].role === 'storyteller' &&
      POSITION_TYPES[p.pos_type].level === 'domain',
  );
  return storytellerHere || coordinatesLocation(db, actor, game.id_location);
}

const open = (game: GameFacts) => game.status === 'scheduled';

export const gamesPolicy = definePolicy<GameAction, GameFacts>(
  {
    schedule: runsIt,
    view: () => true,
    edit: async (actor, game, db) => open(game) && (await runsIt(actor, game, db)),
    cancel: async (actor, game, db) => open(game) && (await runsIt(actor, game, db)),
    checkIn: async (actor, game, db) => open(game) && (await runsIt(actor, game, db)),
    // A closed game may be closed again (nothing happens), a cancelled one not.
    close: async (actor, game, db) => game.status !== 'cancelled' && (await runsIt(actor, game, db)),
    correct: async (actor, game, db) =>
      game.status === 'closed' &&
      game.closed_at !== null &&
      Date.now() - game.closed_at.getTime() <= GAME_CORRECTION_DAYS * DAY_MS &&
      (await runsIt(actor, game, db)),
    signUp: (_actor, game) => open(game),
  },
  gamesErrors.denied,
);
