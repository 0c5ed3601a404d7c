// Issue 26: only administrators bring records in (a file can create and change members society-wide).
import { definePolicy } from '../../auth/policy';
import { dataExchangeErrors } from './data-exchange.errors';

export type DataExchangeAction = 'import';

export const dataExchangePolicy = definePolicy<DataExchangeAction, null>(
  {
    import: (actor) => actor.isAdmin,
  },
  dataExchangeErrors.denied,
);
