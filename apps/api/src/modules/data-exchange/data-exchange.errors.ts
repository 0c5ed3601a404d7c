// Issue 26: the import's and export's errors, with stable codes (STYLE §3).
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { MAX_IMPORT_BYTES } from '@guildhall/shared/schemas/data-exchange';
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
  csvRequired: () =>
    badRequest('data_exchange.csv_required', 'csv is a required field: send the file as the body', [
      { path: 'csv', message: 'csv is a required field' },
    ]),
  notCsv: () => new AppError(415, 'request.media_type', 'Send the file as the body, with Content-Type: text/csv.'),
  tooLarge: () =>
    new AppError(413, 'data_exchange.csv_too_large', `csv is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split the file`, [
      { path: 'csv', message: `larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB` },
    ]),
  unreadable: (detail: string) =>
    badRequest('data_exchange.unreadable_csv', `csv cannot be read as CSV: ${detail}`, [{ path: 'csv', message: detail }]),
  unknownColumns: (names: string[], known: readonly string[]) =>
    badRequest('data_exchange.unknown_columns', `csv has columns this kind does not know: ${names.join(', ')}`, [
      { path: 'csv', message: `unknown columns ${names.join(', ')}; the columns are ${known.join(', ')}` },
    ]),
  repeatedColumns: (names: string[]) =>
    badRequest('data_exchange.repeated_columns', `csv has the columns ${names.join(', ')} more than once`, [
      { path: 'csv', message: `the columns ${names.join(', ')} appear more than once: which one holds the value is unclear` },
    ]),
  missingColumns: (names: string[]) =>
    badRequest('data_exchange.missing_columns', `csv lacks the columns ${names.join(', ')}`, [
      { path: 'csv', message: `lacks the columns ${names.join(', ')}` },
    ]),
};
