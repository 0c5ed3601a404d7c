// Characters' errors, with stable codes (STYLE §3).
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { CharacterAction } from './characters.policy';

const DENIED: Record<CharacterAction, string> = {
  list: "You may not see another member's characters.",
  view: 'You may not see this character.',
  edit: 'Only the player may edit this character.',
  logXp: 'Only the player or the storyteller of its venue may log experience for this character.',
  voidXp: 'Only the storyteller of its venue or an administrator may void experience.',
  addApproval: 'Only the player may submit an application for this character.',
  add: 'You may add characters for yourself only.',
  search: 'Character search is for staff and storytellers.',
  sign: 'Only the storyteller of its venue or an administrator may accept or reject this character.',
};

export const charactersErrors = {
  notFound: () => notFound('characters.not_found', 'No character has this id.'),
  xpNotFound: () => notFound('characters.xp_not_found', 'No experience entry has this id.'),
  denied: (action: CharacterAction) => forbidden('characters.forbidden', DENIED[action]),
  unknownVenue: () =>
    badRequest('characters.unknown_venue', 'id_venue: no style sheet has this id', [
      { path: 'id_venue', message: 'no style sheet has this id' },
    ]),
  noSuchMember: () =>
    badRequest('characters.no_such_member', 'id_user is not an active member', [{ path: 'id_user', message: 'is not an active member' }]),
  unknownType: () =>
    badRequest('characters.unknown_type', 'id_type: no character type has this id', [
      { path: 'id_type', message: 'no character type has this id' },
    ]),
  subtypeOfOtherType: () =>
    badRequest('characters.subtype_mismatch', 'id_subtype: the subtype does not belong to the chosen type', [
      { path: 'id_subtype', message: 'does not belong to the chosen type' },
    ]),
  overdraft: (balance: number) =>
    badRequest('characters.xp_overdraft', `xp_amount: spending this would take the balance (${balance}) below zero`, [
      { path: 'xp_amount', message: `would take the balance (${balance}) below zero` },
    ]),
  voidOverdraft: () => conflict('characters.xp_void_overdraft', 'Voiding this entry would take a later balance below zero.'),
  alreadyVoid: () => conflict('characters.xp_already_void', 'This experience entry is already void.'),
  notPending: () =>
    conflict(
      'characters.not_pending',
      'This character is no longer Pending on its style sheet, or the sheet has gone to another storyteller.',
    ),
  noStyleSheet: () =>
    conflict('characters.no_style_sheet', 'This character is on no style sheet: there is nothing to accept or reject it onto.'),
  signAsOther: () =>
    badRequest('characters.sign_as_other', 'storytellerId: you may sign only as yourself', [
      { path: 'storytellerId', message: 'you may sign only as yourself' },
    ]),
  notActive: () => conflict('characters.not_active', 'Applications can be submitted for active characters only.'),
};
