// Games' errors, with stable codes (STYLE §3).
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { GameAction } from './games.policy';

const DENIED: Record<GameAction, string> = {
  schedule: "Only the venue's storyteller or the domain's officers may schedule its games.",
  view: 'You may not see this game.',
  edit: "Only the game's storyteller or the domain's officers may change a scheduled game.",
  cancel: "Only the game's storyteller or the domain's officers may cancel a scheduled game.",
  checkIn: "Only the game's storyteller or the domain's officers may check members in, while the game is open.",
  close: "Only the game's storyteller or the domain's officers may close the game.",
  correct: "Only the game's storyteller or the domain's officers may correct attendance, within the days allowed after closing.",
  signUp: 'Sign-up is open only for a scheduled game.',
};

export const gamesErrors = {
  denied: (action: GameAction) => forbidden('games.forbidden', DENIED[action]),
  notFound: () => notFound('games.not_found', 'No game has this id.'),
  noSuchVenue: () => badRequest('games.no_such_venue', 'id_venue is not a venue', [{ path: 'id_venue', message: 'is not a venue' }]),
  noSuchDomain: () =>
    badRequest('games.no_such_domain', 'id_location is not a domain', [{ path: 'id_location', message: 'is not a domain' }]),
  characterNotAccepted: () =>
    badRequest('games.character_not_accepted', "id_character is not the member's character accepted on this venue's style sheet", [
      { path: 'id_character', message: "is not the member's character accepted on this venue's style sheet" },
    ]),
  memberNotFound: (path = 'id_user') =>
    badRequest('games.member_not_found', `${path} is not a member`, [{ path, message: 'is not a member' }]),
  notScheduled: () => conflict('games.not_scheduled', 'This game is cancelled or closed.'),
  notSignedUp: () => conflict('games.not_signed_up', 'You are not signed up for this game.'),
  signupConflict: () => conflict('games.signup_conflict', 'Your sign-up changed at the same moment. Please try again.'),
  cancelled: () => conflict('games.cancelled', 'A cancelled game cannot be closed.'),
  notInSeries: () =>
    badRequest('games.not_in_series', 'scope series needs a game of a series', [
      { path: 'scope', message: 'this game is not part of a series' },
    ]),
  seriesDate: () =>
    badRequest('games.series_date', 'date cannot be changed for a whole series', [
      { path: 'date', message: 'change one occurrence at a time' },
    ]),
  checkinKeyReused: () =>
    conflict('games.checkin_key_reused', 'key was already used to check in another member or at another game', [
      { path: 'key', message: 'was already used to check in another member or at another game' },
    ]),
  checkinNotFound: () =>
    badRequest('games.checkin_not_found', 'void holds a check-in that is not a live check-in of this game', [
      { path: 'void', message: 'holds a check-in that is not a live check-in of this game' },
    ]),
  feedNotFound: () => notFound('games.feed_not_found', 'No calendar has this address.'),
};
