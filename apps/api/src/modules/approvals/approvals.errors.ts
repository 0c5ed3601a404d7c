// Applications' errors, with stable codes (STYLE §3).
import type { ApprovalStatus } from '@guildhall/shared/constants';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { ApprovalPolicyAction } from './approvals.policy';

const DENIED: Record<ApprovalPolicyAction, string> = {
  view: 'You may not see this application.',
  approve: 'Only the approver at its current level may approve this application, and never for their own character.',
  deny: 'Only the approver at its current level may deny this application, and never for their own character.',
  remove: 'Only the player or an administrator may remove this application, while it is pending.',
  edit: 'Only the approver at its current level or an administrator may change the category and level.',
  setStatus: 'Only an administrator may set the status, and never for their own character.',
};

export const approvalsErrors = {
  characterNotActive: () => conflict('approvals.character_not_active', 'Applications can be submitted for active characters only.'),
  noDomain: () => conflict('approvals.no_domain', 'The player has no home domain, so the application cannot be numbered.'),
  notFound: () => notFound('approvals.not_found', 'No application has this id.'),
  denied: (action: ApprovalPolicyAction) => forbidden('approvals.forbidden', DENIED[action]),
  stale: (status: ApprovalStatus) =>
    conflict('approvals.stale', `This application changed meanwhile: it is now ${status}. Reload it and try again.`),
  levelBelowCurrent: () =>
    badRequest('approvals.level_below_current', 'required_approval: cannot be below the level the application waits at', [
      { path: 'required_approval', message: 'cannot be below the level the application waits at' },
    ]),
  nothingToChange: () =>
    badRequest('approvals.nothing_to_change', 'category, required_approval or status: nothing to change', [
      { path: 'category', message: 'nothing to change' },
    ]),
};
