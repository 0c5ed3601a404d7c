// Utilities' calls: domain content, membership lookup, documentation, password change.
import type { DocumentationFile } from '@guildhall/shared/schemas/documentation';
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type { DomainContent, Location } from '@guildhall/shared/schemas/locations';
import type { LookupRow } from '@guildhall/shared/schemas/membership-lookup';
import type { PasswordChange } from '@guildhall/shared/schemas/password';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readStoredToken } from '../../lib/api-client';

export function useDomainContent(ids: number[] | null) {
  return useQuery({
    queryKey: ['domain-content', ids?.join(',')],
    queryFn: ({ signal }) => api.get<DomainContent>('/domains/content', { ids: ids! }, signal).then((r) => r.result),
    enabled: Boolean(ids?.length),
    staleTime: 60_000,
  });
}

export function useDomainsByParents(parentId: number | null) {
  return useQuery({
    queryKey: ['domains-by-parent', parentId],
    queryFn: () => api.post<ListResult<Location>>('/domains/getbyparents', { parentIds: [parentId] }).then((r) => r.result.rows),
    enabled: parentId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export type LookupParams = Record<string, string | number | undefined>;

export function useMembershipLookup(params: LookupParams, enabled: boolean) {
  return useQuery({
    queryKey: ['membership-lookup', params],
    queryFn: ({ signal }) => api.list<LookupRow>('/users', params, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDocumentation(search: { fileName?: string; from?: string; to?: string }) {
  return useQuery({
    queryKey: ['documentation', search],
    queryFn: () => api.post<ListResult<DocumentationFile>>('/files/get', search, { query: { count: 100 } }).then((r) => r.result),
    placeholderData: keepPreviousData,
  });
}

export function useAddFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file_name: string) => api.post<{ id_file: number }>('/files/folders', { file_name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['documentation'] }),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['documentation'] }),
  });
}

/** Documents need the bearer token, so they are fetched and opened as a blob rather than linked. */
export async function openDocument(id: number, filename: string) {
  const response = await fetch(`/api/files/content/${id}`, { headers: { authorization: `Bearer ${readStoredToken() ?? ''}` } });
  if (!response.ok) throw new Error('The document could not be opened.');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener';
  link.download = filename.endsWith('.pdf') ? '' : filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useChangePassword() {
  return useMutation({ mutationFn: (input: PasswordChange) => api.post<boolean>('/auth/password', input) });
}
