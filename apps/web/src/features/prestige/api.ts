// SPEC §7 /prestiges/* calls and the member search of the recommendation form.
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type { PrestigeAdd, PrestigeEntry } from '@guildhall/shared/schemas/prestige';
import type { User } from '@guildhall/shared/schemas/user';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SortState } from '../../components/data-table';
import { api } from '../../lib/api-client';
import { memberKeys } from '../../lib/member-queries';

export const PRESTIGE_PAGE_SIZE = 10;

export interface PrestigeList extends ListResult<PrestigeEntry> {
  canDelete: boolean;
}

export function usePrestigeList(userId: number, sort: SortState, page: number) {
  return useQuery({
    queryKey: [...memberKeys.prestige(userId), sort, page],
    queryFn: async ({ signal }): Promise<PrestigeList> => {
      const response = await api.get<ListResult<PrestigeEntry>>(
        `/prestiges/user/${userId}`,
        { ...sort, page, count: PRESTIGE_PAGE_SIZE },
        signal,
      );
      const abilities = (response.extra?.abilities as string[] | undefined) ?? [];
      return { ...response.result, canDelete: abilities.includes('delete') };
    },
    placeholderData: keepPreviousData,
  });
}

function useRefreshMember() {
  const queryClient = useQueryClient();
  return (userId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKeys.prestige(userId) }),
      queryClient.invalidateQueries({ queryKey: memberKeys.overview(userId) }),
    ]);
}

export function useAddPrestige() {
  const refresh = useRefreshMember();
  return useMutation({
    mutationFn: (input: PrestigeAdd) => api.post<{ id_prestige: number }>('/prestiges/add', input).then((r) => r.result),
    onSuccess: (_, input) => refresh(input.id_user),
  });
}

export function useDeletePrestige(userId: number) {
  const refresh = useRefreshMember();
  return useMutation({
    mutationFn: (id_prestige: number) => api.post<boolean>(`/prestiges/delete/${id_prestige}`, { userId }),
    onSuccess: () => refresh(userId),
  });
}

export interface MemberMatch {
  id_user: number;
  user_fname: string;
  user_lname: string;
  user_camnum: string;
}

/** Finds members by name or membership number (staff only, through the membership lookup). */
export function useMemberSearch(term: string) {
  const trimmed = term.trim();
  const byNumber = /\d/.test(trimmed);
  return useQuery({
    queryKey: ['member-search', trimmed],
    queryFn: ({ signal }) =>
      api.list<MemberMatch>(
        '/users',
        { ...(byNumber ? { membershipCode: trimmed } : { name: trimmed }), count: 8, sortBy: 'user_lname', direction: 'asc' },
        signal,
      ),
    enabled: trimmed.length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useMember(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['user', userId],
    queryFn: ({ signal }) => api.get<User>(`/user/${userId}`, undefined, signal).then((r) => r.result),
    enabled,
  });
}
