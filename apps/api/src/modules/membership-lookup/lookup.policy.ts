// DESIGN §5 for the membership lookup: staff search; email is shown to and searched by coordinators and
// administrators only.
import { isCoordinator, isStaff } from '../../auth/actor';
import { definePolicy } from '../../auth/policy';
import { lookupErrors } from './lookup.errors';

export type LookupAction = 'search' | 'searchByEmail';

export const lookupPolicy = definePolicy<LookupAction, null>(
  {
    search: (actor) => isStaff(actor),
    searchByEmail: (actor) => isCoordinator(actor),
  },
  lookupErrors.denied,
);
