// Style sheets' errors, with stable codes (STYLE §3).
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { VenueAction } from './venues.policy';

const DENIED: Record<VenueAction, string> = {
  view: 'You may not see this style sheet.',
  add: 'Only storytellers may add a style sheet.',
  edit: 'Only the storyteller of this venue or an administrator may edit its style sheet.',
  addItem: 'Only the storyteller of this venue or an administrator may add items to its style sheet.',
};

export const venuesErrors = {
  notFound: () => notFound('venues.not_found', 'No style sheet has this id.'),
  denied: (action: VenueAction) => forbidden('venues.forbidden', DENIED[action]),
  changedHands: () =>
    conflict('venues.changed_hands', 'This style sheet has gone to another storyteller since; reload it to see who runs it now.'),
  unknownVenue: () =>
    badRequest('venues.unknown_venue', 'id_venue: no style sheet has this id', [
      { path: 'id_venue', message: 'no style sheet has this id' },
    ]),
  unknownVenueType: () =>
    badRequest('venues.unknown_type', 'id_venue_type: no venue type has this id', [
      { path: 'id_venue_type', message: 'no venue type has this id' },
    ]),
  itemTaken: () =>
    conflict('venues.item_taken', 'name: this style sheet already has an item of this type with this name', [
      { path: 'name', message: 'this style sheet already has an item of this type with this name' },
    ]),
  noDomain: () =>
    badRequest('venues.no_domain', 'You belong to no domain, so a new style sheet has no place to go.', [
      { path: 'id_location', message: 'you belong to no domain' },
    ]),
};
