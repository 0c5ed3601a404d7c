// DESIGN §5 for style sheets. Every signed-in member reads a style sheet; a storyteller adds one (its location
// and storyteller are the caller's); only the venue's storyteller or an administrator edits its text and items.
import { isStoryteller } from '../../auth/actor';
import { definePolicy } from '../../auth/policy';
import { venuesErrors } from './venues.errors';

export type VenueAction = 'view' | 'add' | 'edit' | 'addItem';

/** Who runs the style sheet (for `add`, the new sheet's storyteller: the caller). */
export interface VenueFacts {
  id_user_st: number | null;
}

const runsIt = (actorId: number, venue: VenueFacts) => venue.id_user_st !== null && venue.id_user_st === actorId;

export const venuesPolicy = definePolicy<VenueAction, VenueFacts>(
  {
    view: () => true,
    add: (actor) => isStoryteller(actor),
    edit: (actor, venue) => actor.isAdmin || runsIt(actor.id_user, venue),
    addItem: (actor, venue) => actor.isAdmin || runsIt(actor.id_user, venue),
  },
  venuesErrors.denied,
);
