// SPEC §7 POST /user/{id_user} for the profile; the member is then re-fetched. E-mail settings (issue 25).
import type { ProfileUpdate } from '@guildhall/shared/schemas/profile';
import type { User } from '@guildhall/shared/schemas/user';
import type { MailPreferences } from '@guildhall/shared/schemas/mail';
import type { DataDownload } from '@guildhall/shared/schemas/data-exchange';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { currentUserQueryKey } from '../../lib/auth';
import { queryKeys } from '../../lib/query-keys';

export function useUpdateProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileUpdate) => api.post<User>(`/user/${userId}`, profile).then((r) => r.result),
    // The E-mail section names the member's address (and whether it bounces): a new address changes it too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.member.mailPreferences(userId) }),
      ]),
  });
}

/** Issue 25: which e-mails the member receives, per kind, and whether their address is marked as bouncing. */
export function useMailPreferences(userId: number) {
  return useQuery({
    queryKey: queryKeys.member.mailPreferences(userId),
    queryFn: ({ signal }) => api.get<MailPreferences>(`/user/${userId}/mail-preferences`, undefined, signal).then((r) => r.result),
  });
}

export function useSaveMailPreferences(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: MailPreferences['preferences']) =>
      api.put<MailPreferences>(`/user/${userId}/mail-preferences`, { preferences }).then((r) => r.result),
    onSuccess: (result) => queryClient.setQueryData(queryKeys.member.mailPreferences(userId), result),
  });
}

export function useConfirmMailAddress(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MailPreferences>(`/user/${userId}/mail-preferences/confirm-address`).then((r) => r.result),
    onSuccess: (result) => queryClient.setQueryData(queryKeys.member.mailPreferences(userId), result),
  });
}

/** Issue 26: the member's data download — asked for, made in the background (asked again every 2 s meanwhile). */
export function useDataDownload(userId: number) {
  return useQuery({
    queryKey: queryKeys.member.dataDownload(userId),
    queryFn: ({ signal }) =>
      api.get<DataDownload | null>(`/users/${userId}/data-downloads/latest`, undefined, signal).then((r) => r.result),
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? 2000 : false),
  });
}

export function useRequestDataDownload(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DataDownload>(`/users/${userId}/data-downloads`).then((r) => r.result),
    onSuccess: (download) => queryClient.setQueryData(queryKeys.member.dataDownload(userId), download),
  });
}
