// Issue 26: only administrators bring records in (a file can create and change members society-wide); a member
// downloads their own data.
import { definePolicy } from '../../auth/policy';
import { dataExchangeErrors } from './data-exchange.errors';

export type DataExchangeAction = 'import' | 'downloadData' | 'erase';

/** The record is the member whose data is asked for, where there is one. */
export const dataExchangePolicy = definePolicy<DataExchangeAction, number | null>(
  {
    import: (actor) => actor.isAdmin,
    /** A member's own data (GDPR Art. 15 and 20); an administrator answers a member's request for them. */
    downloadData: (actor, id_user) => actor.id_user === id_user || actor.isAdmin,
    /** Erasure (GDPR Art. 17) is an administrator's, and never of themselves (someone must remain to do it). */
    erase: (actor, id_user) => actor.isAdmin && actor.id_user !== id_user,
  },
  dataExchangeErrors.denied,
);
