// Membership lookup's errors, with stable codes (STYLE §3).
import { forbidden } from '../../errors';
import type { LookupAction } from './lookup.policy';

export const lookupErrors = {
  denied: (action: LookupAction) =>
    action === 'searchByEmail'
      ? forbidden('lookup.email_forbidden', 'Only coordinators and administrators may search by email.')
      : forbidden('lookup.forbidden', 'Only staff may look members up.'),
};
