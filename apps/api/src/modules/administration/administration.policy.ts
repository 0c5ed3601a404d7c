// Issue 13: the Administration section. Only administrators create members, edit memberships, deactivate
// members, edit locations and the society's lists, and read the audit log; a member is never deactivated by
// themselves.
import { definePolicy } from '../../auth/policy';
import { administrationErrors } from './administration.errors';

export type AdministrationAction =
  | 'open'
  | 'createMember'
  | 'editMembership'
  | 'deactivate'
  | 'reactivate'
  | 'setPasswordLink'
  | 'manageLocations'
  | 'viewAudit';

/** The record is a member's id where the action is on one member, else null. */
export const administrationPolicy = definePolicy<AdministrationAction, number | null>(
  {
    open: (actor) => actor.isAdmin,
    createMember: (actor) => actor.isAdmin,
    editMembership: (actor) => actor.isAdmin,
    deactivate: (actor, id_user) => actor.isAdmin && actor.id_user !== id_user,
    reactivate: (actor) => actor.isAdmin,
    setPasswordLink: (actor) => actor.isAdmin,
    manageLocations: (actor) => actor.isAdmin,
    viewAudit: (actor) => actor.isAdmin,
  },
  administrationErrors.denied,
);
