// Issue 26: the import calls — a dry run, then the apply of the same file, each answering its progress as it
// runs — and each kind's template.
import type { ErrorBody } from '@guildhall/shared/schemas/envelope';
import type { ImportKind, ImportProgress, ImportReport } from '@guildhall/shared/schemas/data-exchange';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** What the page sends: the options (the query), and the file as the body. */
export interface ImportRequestInput {
  kind: ImportKind;
  file: Blob;
  dry_run: boolean;
  send_links: boolean;
}

type ImportLine = { progress: ImportProgress } | { result: ImportReport } | { error: ErrorBody };

/** Sends the file as the body (the options in the query) and reports each progress line; the last line is the
 * result, or an error met midway. */
async function importFile(input: ImportRequestInput, onProgress: (progress: ImportProgress) => void): Promise<ImportReport> {
  const { file, ...query } = input;
  for await (const line of (await api.lines('/imports', file, query)) as AsyncGenerator<ImportLine>) {
    if ('progress' in line) onProgress(line.progress);
    else if ('result' in line) return line.result;
    else throw new ApiError(200, line.error.message, line.error.code, line.error.errors);
  }
  throw new ApiError(0, 'The answer ended before the import did. Try again.', 'network');
}

export function useImportFile(onProgress: (progress: ImportProgress) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportRequestInput) => importFile(input, onProgress),
    onSuccess: (report) => {
      if (report.applied && (report.created || report.updated)) return client.invalidateQueries({ queryKey: queryKeys.reach.all });
    },
  });
}

export const templateBlob = (kind: string) => api.blob(`/imports/templates/${kind}`);
