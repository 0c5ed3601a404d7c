// Issue 13: the Coordinator section's calls — renewal, transfers and the members' prestige.
import type { TransferRow } from '@guildhall/shared/schemas/administration';
import type { PrestigeEntry } from '@guildhall/shared/schemas/prestige';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export function useRenew() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id_user, user_expiration }: { id_user: number; user_expiration: string }) =>
      api.post<boolean>(`/users/${id_user}/renew`, { user_expiration }),
    onSuccess: (_, { id_user }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.reach.all }),
        client.invalidateQueries({ queryKey: queryKeys.member.of(id_user) }),
      ]),
  });
}

export function useTransfers(query: object) {
  return useQuery({
    queryKey: queryKeys.transfers.list(query),
    queryFn: ({ signal }) => api.list<TransferRow>('/transfers', query as never, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDecideTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'accept' | 'decline' | 'cancel' }) =>
      api.post<boolean>(`/transfers/${id}/${action}`),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.transfers.all }),
        client.invalidateQueries({ queryKey: queryKeys.reach.all }),
        client.invalidateQueries({ queryKey: queryKeys.member.all }),
      ]),
  });
}

export type ReachPrestige = PrestigeEntry & { member_name: string; user_camnum: string; abilities: 'delete'[] };

export function useReachPrestige(query: object) {
  return useQuery({
    queryKey: queryKeys.reach.prestige(query),
    queryFn: ({ signal }) => api.list<ReachPrestige>('/coordinator/prestige', query as never, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteReachPrestige() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entry: ReachPrestige) => api.post<boolean>(`/prestiges/delete/${entry.id_prestige}`, { userId: entry.id_user }),
    onSuccess: (_, entry) =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.reach.all }),
        client.invalidateQueries({ queryKey: queryKeys.member.prestige(entry.id_user) }),
      ]),
  });
}
