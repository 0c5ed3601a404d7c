// Issue 26: the import's and export's errors, with stable codes (STYLE §3).
import { badRequest, forbidden, notFound } from '../../errors';
import type { DataExchangeAction } from './data-exchange.policy';

const DENIED: Record<DataExchangeAction, string> = {
  import: 'Only administrators may import records.',
  downloadData: 'Only the member themselves (or an administrator) may download their data.',
  erase: 'Only administrators may erase a member, and never themselves.',
};

export const dataExchangeErrors = {
  denied: (action: DataExchangeAction) => forbidden('data_exchange.forbidden', DENIED[action]),
  memberNotFound: () => notFound('data_exchange.member_not_found', 'No member has this id.'),
  downloadNotFound: () =>
    notFound('data_exchange.download_not_found', 'This download does not exist or has expired: ask for your data again.'),
  unreadable: (detail: string) =>
    badRequest('data_exchange.unreadable_csv', `csv cannot be read as CSV: ${detail}`, [{ path: 'csv', message: detail }]),
  unknownColumns: (names: string[], known: readonly string[]) =>
    badRequest('data_exchange.unknown_columns', `csv has columns this kind does not know: ${names.join(', ')}`, [
      { path: 'csv', message: `unknown columns ${names.join(', ')}; the columns are ${known.join(', ')}` },
    ]),
  missingColumns: (names: string[]) =>
    badRequest('data_exchange.missing_columns', `csv lacks the columns ${names.join(', ')}`, [
      { path: 'csv', message: `lacks the columns ${names.join(', ')}` },
    ]),
};
