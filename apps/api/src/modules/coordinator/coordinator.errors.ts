// The Coordinator section's errors, with stable codes (STYLE §3).
import { forbidden } from '../../errors';
import type { CoordinatorAction } from './coordinator.policy';

const DENIED: Record<CoordinatorAction, string> = {
  open: 'Only coordinators and administrators may open Coordinator.',
  renew: 'You may renew only the memberships of members you coordinate.',
};

export const coordinatorErrors = {
  denied: (action: CoordinatorAction) => forbidden('coordinator.forbidden', DENIED[action]),
};
