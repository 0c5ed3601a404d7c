// SPEC §7 character calls (list, detail, add, update, types, XP log), a character's applications, the character
// search, and the choices the character forms offer (venues of the member's domain, venue types).
import type { ApprovalAdd, ApprovalRow } from '@guildhall/shared/schemas/approvals';
import type {
  Character,
  CharacterAbility,
  CharacterAdd,
  CharacterListQuery,
  CharacterRow,
  CharacterSearchRow,
  CharacterUpdate,
  XpLog,
  XpLogAdd,
} from '@guildhall/shared/schemas/characters';
import type { VenueSummary } from '@guildhall/shared/schemas/locations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export function useMyCharacters(userId: number, query: CharacterListQuery) {
  return useQuery({
    queryKey: queryKeys.character.list(userId, query),
    queryFn: ({ signal }) => api.list<CharacterRow>(`/characters/user/${userId}`, query, signal),
    placeholderData: keepPreviousData,
  });
}

export interface CharacterDetail {
  character: Character;
  abilities: CharacterAbility[];
}

export function useCharacter(id: number | null) {
  return useQuery({
    queryKey: queryKeys.character.detail(id ?? 0),
    queryFn: async ({ signal }): Promise<CharacterDetail> => {
      const response = await api.get<Character>(`/character/${id}`, undefined, signal);
      return { character: response.result, abilities: (response.extra?.abilities as CharacterAbility[] | undefined) ?? [] };
    },
    enabled: id !== null,
  });
}

// The society's lists, shared with Administration › Locations and lists (issue 13).
export { useCharacterSubtypes, useCharacterTypes, useVenueTypes } from '../../lib/queries';

/** The venues a character may play on: those of the member's domain. */
export function useVenuesOfDomain(locationId: number | null | undefined) {
  return useQuery({
    queryKey: queryKeys.venue.ofDomain(locationId ?? 0),
    queryFn: ({ signal }) => api.list<VenueSummary>(`/venues/domain/${locationId}`, { count: 100 }, signal).then((r) => r.rows),
    enabled: Boolean(locationId),
    staleTime: 60_000,
  });
}

/** Any change to a character can move its list row, detail, XP figures and applications: refresh them all. */
function useRefreshCharacters() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.character.all });
}

export function useAddCharacter() {
  const refresh = useRefreshCharacters();
  return useMutation({
    mutationFn: (input: CharacterAdd) => api.post<{ id_character: number }>('/character/add', input).then((r) => r.result),
    onSuccess: refresh,
  });
}

export function useUpdateCharacter(id: number) {
  const refresh = useRefreshCharacters();
  return useMutation({
    mutationFn: (input: CharacterUpdate) => api.post<Character>(`/character/${id}/update`, input).then((r) => r.result),
    onSuccess: refresh,
  });
}

export function useXpLogs(id: number, query: { page: number; count: number }) {
  return useQuery({
    queryKey: queryKeys.character.xpLogs(id, query),
    queryFn: ({ signal }) => api.list<XpLog>(`/character/${id}/xplogs`, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAddXpLog() {
  const refresh = useRefreshCharacters();
  return useMutation({
    mutationFn: (input: XpLogAdd) =>
      api.post<{ id_xp_log: number; xp_balance: number }>('/character/xpLogs/add', input).then((r) => r.result),
    onSuccess: refresh,
  });
}

export function useVoidXpLog() {
  const refresh = useRefreshCharacters();
  return useMutation({
    mutationFn: (id_xp_log: number) => api.post<boolean>(`/character/xpLogs/${id_xp_log}/void`),
    onSuccess: refresh,
  });
}

export function useCharacterApprovals(id: number | null, paging: { page: number; count: number }) {
  return useQuery({
    queryKey: [...queryKeys.character.approvals(id ?? 0), paging],
    queryFn: ({ signal }) => api.list<ApprovalRow>(`/approvals/character/${id}`, paging, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/** A new application also shows in the Approvals lists and in the overviews' open and pending approvals. */
export function useAddApproval() {
  const refresh = useRefreshCharacters();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApprovalAdd) => api.post<{ id: number; app_number: string }>('/approval/add', input).then((r) => r.result),
    onSuccess: () =>
      Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: queryKeys.approvals.all }),
        queryClient.invalidateQueries({
          queryKey: queryKeys.member.all,
          predicate: (query) => query.queryKey[2] === queryKeys.member.overview(0)[2],
        }),
      ]),
  });
}

export type CharacterSearchParams = Record<string, string | number | undefined>;

export function useCharacterSearch(query: CharacterSearchParams, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.character.search(query),
    queryFn: ({ signal }) => api.list<CharacterSearchRow>('/characters', query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
