// SPEC §7 /prestiges/* calls and the member search of the recommendation form.
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type { PrestigeAdd, PrestigeEntry, PrestigeListQuery, PrestigeRecordAbility } from '@guildhall/shared/schemas/prestige';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { memberQuery } from '../../lib/queries';
import { queryKeys } from '../../lib/query-keys';

export interface PrestigeList extends ListResult<PrestigeEntry> {
  abilities: PrestigeRecordAbility[];
}

export function usePrestigeList(userId: number, query: PrestigeListQuery) {
  return useQuery({
    queryKey: queryKeys.member.prestigeList(userId, query),
    queryFn: async ({ signal }): Promise<PrestigeList> => {
      const response = await api.get<ListResult<PrestigeEntry>>(`/prestiges/user/${userId}`, query, signal);
      return { ...response.result, abilities: (response.extra?.abilities as PrestigeRecordAbility[] | undefined) ?? [] };
    },
    placeholderData: keepPreviousData,
  });
}

function useRefreshMember() {
  const queryClient = useQueryClient();
  return (userId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.member.prestige(userId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.member.overview(userId) }),
    ]);
}

/** An award; answers what the caller may now do with the member's record (e.g. 'view' it). */
export function useAddPrestige() {
  const refresh = useRefreshMember();
  return useMutation({
    mutationFn: (input: PrestigeAdd) =>
      api
        .post<{ id_prestige: number }>('/prestiges/add', input)
        .then((r) => ({ ...r.result, abilities: (r.extra?.abilities as PrestigeRecordAbility[] | undefined) ?? [] })),
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
    queryKey: queryKeys.members.search(trimmed),
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
  return useQuery({ ...memberQuery(userId), enabled });
}
