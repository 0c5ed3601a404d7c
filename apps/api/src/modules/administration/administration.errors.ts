// The Administration section's errors, with stable codes (STYLE §3).
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import type { AdministrationAction } from './administration.policy';

const DENIED: Record<AdministrationAction, string> = {
  open: 'Only administrators may open Administration.',
  createMember: 'Only administrators may create members.',
  editMembership: 'Only administrators may edit a membership.',
  deactivate: 'Only administrators may deactivate a member, and never themselves.',
  reactivate: 'Only administrators may reactivate a member.',
  setPasswordLink: 'Only administrators may issue set-password links.',
  manageLocations: 'Only administrators may change locations and the society’s lists.',
  viewAudit: 'Only administrators may read the audit log.',
};

const taken = (code: string, path: string, message: string) => new AppError(409, code, message, [{ path, message: 'is already taken' }]);

export const administrationErrors = {
  denied: (action: AdministrationAction) => forbidden('administration.forbidden', DENIED[action]),
  memberNotFound: () => notFound('administration.member_not_found', 'No member has this id.'),
  camnumTaken: () => taken('administration.camnum_taken', 'user_camnum', 'That membership number belongs to another member.'),
  emailTaken: () => taken('administration.email_taken', 'tbl_user_email.email', 'That email belongs to another member.'),
  noSuchDomain: (path = 'id_location') =>
    badRequest('administration.no_such_domain', `${path} is not a domain`, [{ path, message: 'is not a domain' }]),
  renewalNotLater: () =>
    badRequest('administration.renewal_not_later', 'user_expiration must be later than today and than the current expiry', [
      { path: 'user_expiration', message: 'must be later than today and than the current expiry' },
    ]),
  membershipChanged: () =>
    conflict(
      'administration.membership_changed',
      'This membership changed since you opened it (a renewal, a transfer or another administrator): open it again to see it.',
    ),
  outOfReach: () =>
    conflict(
      'administration.out_of_reach',
      'This member is no longer within your reach (a transfer, or a change of your post): nothing was changed.',
    ),
  renewDisabled: () => conflict('administration.renew_deactivated', 'A deactivated member cannot be renewed: reactivate them first.'),
  alreadyDisabled: () => conflict('administration.already_deactivated', 'This member is already deactivated.'),
  notDisabled: () => conflict('administration.not_deactivated', 'This member is not deactivated.'),
  externalProvider: () =>
    conflict('administration.external_provider', 'Members sign in through the society’s provider; there is no password to set here.'),
  codeTaken: (path = 'location_code') => taken('administration.code_taken', path, 'Another location under the same parent has this code.'),
  nameTaken: (path: string) => taken('administration.name_taken', path, 'That name is already in the list.'),
  notFound: (what: string) => notFound('administration.not_found', `No ${what} has this id.`),
  badParent: () =>
    badRequest('administration.bad_parent', 'id_parent cannot be the location itself or one below it', [
      { path: 'id_parent', message: 'cannot be the location itself or one below it' },
    ]),
};
