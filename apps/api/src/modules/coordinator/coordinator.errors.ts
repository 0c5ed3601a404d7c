// The Coordinator section's errors, with stable codes (STYLE §3).
import { forbidden } from '../../errors';
import type { CoordinatorAction } from './coordinator.policy';

const DENIED: Record<CoordinatorAction, string> = {
  open: 'Only coordinators and administrators may open Coordinator.',
  renew: 'You may renew only the memberships of members you coordinate.',
  viewLocation: 'Only the coordinators of this domain (or above it) and administrators may see its members and prestige.',
};

export const coordinatorErrors = {
  denied: (action: CoordinatorAction) => forbidden('coordinator.forbidden', DENIED[action]),
};
