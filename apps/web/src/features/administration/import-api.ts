// Issue 26: the import calls — a dry run, then the apply of the same file — and each kind's template.
import type { ImportReport, ImportRequestInput } from '@guildhall/shared/schemas/data-exchange';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export function useImportFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportRequestInput) => api.post<ImportReport>('/imports', input).then((r) => r.result),
    onSuccess: (report) => {
      if (report.applied && (report.created || report.updated)) return client.invalidateQueries({ queryKey: queryKeys.reach.all });
    },
  });
}

export const templateBlob = (kind: string) => api.blob(`/imports/templates/${kind}`);
