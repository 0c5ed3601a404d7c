// DESIGN §5 for characters. The record is what decides: the player, and the storyteller of the character's
// venue. A player sees, edits and logs experience for their own; the venue's storyteller sees the characters
// on their venues, logs and voids experience for them; staff and storytellers search; administrators all.
import { isStaff, isStoryteller } from '../../auth/actor';
import { definePolicy } from '../../auth/policy';
import { charactersErrors } from './characters.errors';

export type CharacterAction = 'list' | 'view' | 'edit' | 'logXp' | 'voidXp' | 'addApproval' | 'add' | 'search' | 'sign';

/** Who a character belongs to and who runs its venue (for `list` and `add`, only the member matters). */
export interface CharacterFacts {
  id_user: number;
  venue_st: number | null;
}

export const charactersPolicy = definePolicy<CharacterAction, CharacterFacts>(
  {
    list: (actor, c) => actor.isAdmin || actor.id_user === c.id_user,
    add: (actor, c) => actor.isAdmin || actor.id_user === c.id_user,
    view: (actor, c) => actor.isAdmin || actor.id_user === c.id_user || (c.venue_st !== null && actor.id_user === c.venue_st),
    edit: (actor, c) => actor.isAdmin || actor.id_user === c.id_user,
    logXp: (actor, c) => actor.isAdmin || actor.id_user === c.id_user || (c.venue_st !== null && actor.id_user === c.venue_st),
    voidXp: (actor, c) => actor.isAdmin || (c.venue_st !== null && actor.id_user === c.venue_st && actor.id_user !== c.id_user),
    addApproval: (actor, c) => actor.isAdmin || actor.id_user === c.id_user,
    search: (actor) => isStaff(actor) || isStoryteller(actor),
    /** Accept or reject onto the style sheet: its storyteller or an administrator, never for their own character. */
    sign: (actor, c) => actor.id_user !== c.id_user && (actor.isAdmin || (c.venue_st !== null && actor.id_user === c.venue_st)),
  },
  charactersErrors.denied,
);
