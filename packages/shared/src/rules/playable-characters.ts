// Issue 28 (decision 100): which of a member's characters may play a game. The API asks the same in SQL
// (apps/api/src/modules/games/signup-statement.ts, playableAt); the game page offers only these.

export interface PlayableFacts {
  id_venue: number | null;
  vss_status: string;
  character_status: string;
}

/**
 * Accepted and Active, on the game's venue's style sheet; for a domain's event (no venue), on a style sheet of any
 * venue of the game's domain (`domainVenues`, the ids of that domain's venues).
 */
export function isPlayableAt(character: PlayableFacts, game: { id_venue: number | null }, domainVenues: ReadonlySet<number>): boolean {
  if (character.vss_status !== 'Accepted' || character.character_status !== 'Active' || character.id_venue === null) return false;
  return game.id_venue === null ? domainVenues.has(character.id_venue) : character.id_venue === game.id_venue;
}
