// Utilities' calls: domain content, membership lookup, documentation, password change.
import type { DocumentationFile, FilesSearch } from '@guildhall/shared/schemas/documentation';
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type { DomainContent } from '@guildhall/shared/schemas/locations';
import type { LookupRow } from '@guildhall/shared/schemas/membership-lookup';
import type { PasswordChange } from '@guildhall/shared/schemas/password';
import type { TransferRow } from '@guildhall/shared/schemas/administration';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export function useDomainContent(ids: number[] | null) {
  return useQuery({
    queryKey: queryKeys.domains.content(ids?.join(',') ?? ''),
    queryFn: ({ signal }) => api.get<DomainContent>('/domains/content', { ids: ids! }, signal).then((r) => r.result),
    enabled: Boolean(ids?.length),
    staleTime: 60_000,
  });
}

export type LookupParams = Record<string, string | number | undefined>;

export function useMembershipLookup(params: LookupParams, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.members.lookup(params),
    queryFn: ({ signal }) => api.list<LookupRow>('/users', params, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDocumentation(search: FilesSearch) {
  return useQuery({
    queryKey: queryKeys.documentation.list(search),
    queryFn: () => api.post<ListResult<DocumentationFile>>('/files/get', search, { query: { count: 100 } }).then((r) => r.result),
    placeholderData: keepPreviousData,
  });
}

export function useAddFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file_name: string }) => api.post<{ id_file: number }>('/files/folders', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.documentation.all }),
  });
}

export function useAddItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: { id_file: number; filename: string; mime_type: string; data: string }) =>
      api.post<{ id_file_content: number }>(`/files/${item.id_file}/items`, {
        filename: item.filename,
        mime_type: item.mime_type,
        data: item.data,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.documentation.all }),
  });
}

/** Documents need the bearer token, so they are fetched through the API client and opened as a blob. */
export async function openDocument(id: number, filename: string) {
  const url = URL.createObjectURL(await api.blob(`/files/content/${id}`));
  const link = document.createElement('a');
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener';
  // A PDF opens in a new tab; any other document is saved under its own name (any download attribute, even empty,
  // would save the PDF too, under the blob's random name).
  if (!filename.toLowerCase().endsWith('.pdf')) link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useChangePassword() {
  return useMutation({ mutationFn: (input: PasswordChange) => api.post<boolean>('/auth/password', input) });
}

/** Issue 13: the member's own pending transfer request, if any (the Domain List says so). */
export function useMyPendingTransfer() {
  return useQuery({
    queryKey: queryKeys.transfers.list({ mine: 'yes', status: 'Pending' }),
    queryFn: ({ signal }) =>
      api.list<TransferRow>('/transfers', { mine: 'yes', status: 'Pending', count: 1 }, signal).then((r) => r.rows[0] ?? null),
  });
}

/** Issue 13: the Domain List's Request transfer. */
export function useRequestTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id_location: number) => api.post<{ id: number }>('/transfers/add', { id_location }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.transfers.all }),
  });
}
