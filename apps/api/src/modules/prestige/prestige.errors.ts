// Prestige's errors, with stable codes (STYLE §3).
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { PrestigeAction } from './prestige.policy';

const DENIED: Record<PrestigeAction, string> = {
  view: "You may not see this member's prestige.",
  recommend: 'Only staff may submit prestige.',
  add: 'Only staff may award prestige, and never to themselves.',
  delete: 'You may not delete this prestige entry.',
};

export const prestigeErrors = {
  notFound: () => notFound('prestige.not_found', 'No prestige entry has this id.'),
  memberNotFound: () => notFound('prestige.member_not_found', 'No member has this id.'),
  outOfReach: () =>
    conflict(
      'prestige.out_of_reach',
      "This entry's member is no longer within your reach (a transfer, or a change of your post): it was kept.",
    ),
  denied: (action: PrestigeAction) => forbidden('prestige.forbidden', DENIED[action]),
  userMismatch: () =>
    badRequest('prestige.user_mismatch', 'userId does not own this prestige entry', [
      { path: 'userId', message: 'does not own this entry' },
    ]),
};
