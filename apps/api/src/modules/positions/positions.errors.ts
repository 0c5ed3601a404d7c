// Positions' errors, with stable codes (STYLE §3).
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { PositionAction } from './positions.policy';

const DENIED: Record<PositionAction, string> = { manage: 'Only administrators may change positions.' };

export const positionsErrors = {
  denied: (action: PositionAction) => forbidden('positions.forbidden', DENIED[action]),
  notFound: () => notFound('positions.not_found', 'No position has this id.'),
  noSuchLocation: () =>
    badRequest('positions.no_such_location', 'id_location is not a location', [{ path: 'id_location', message: 'is not a location' }]),
  noSuchMember: () =>
    badRequest('positions.no_such_member', 'id_user is not an active member', [{ path: 'id_user', message: 'is not an active member' }]),
  venueNeeded: () =>
    badRequest('positions.venue_needed', 'A venue storyteller post needs a venue of that location', [
      { path: 'id_venue', message: 'must be a venue of the location' },
    ]),
  venueNotAllowed: () =>
    badRequest('positions.venue_not_allowed', 'Only a venue storyteller post belongs to a venue', [
      { path: 'id_venue', message: 'only for a venue storyteller post' },
    ]),
  venueHasStoryteller: () =>
    conflict('positions.venue_has_storyteller', 'This venue already has a storyteller post: assign that one instead.'),
  sameHolder: () => conflict('positions.same_holder', 'This member already holds this position.'),
  vacant: () => conflict('positions.vacant', 'This position has no holder to end.'),
};
