// SPEC §7 venue calls for the Storyteller section: the VSS list, a style sheet with its abilities, adding and
// updating one, its items, its characters (with signing them), and the census.
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type {
  CharacterSign,
  Venue,
  VenueAbility,
  VenueCensusRow,
  VenueCharacterRow,
  VenueForm,
  VenueItem,
  VenueItemAdd,
  VenueListFilters,
  VenueRow,
} from '@guildhall/shared/schemas/venues';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export interface VenueListParams {
  paging: { sortBy: string; direction: 'asc' | 'desc'; page: number; count: number };
  filters: VenueListFilters;
}

export function useVenueList({ paging, filters }: VenueListParams) {
  return useQuery<ListResult<VenueRow>>({
    queryKey: queryKeys.venue.list({ paging, filters }),
    queryFn: ({ signal }) => api.post<ListResult<VenueRow>>('/venues/get', filters, { query: paging, signal }).then((r) => r.result),
    placeholderData: keepPreviousData,
  });
}

export interface VenueDetail {
  venue: Venue;
  abilities: VenueAbility[];
}

export function useVenue(id: number | null) {
  return useQuery({
    queryKey: queryKeys.venue.detail(id ?? 0),
    queryFn: async ({ signal }): Promise<VenueDetail> => {
      const response = await api.get<Venue>(`/venue/${id}`, undefined, signal);
      return { venue: response.result, abilities: (response.extra?.abilities as VenueAbility[] | undefined) ?? [] };
    },
    enabled: id !== null,
  });
}

/** A change to a style sheet can move its list row, detail, items and characters: refresh them all. */
function useRefreshVenues() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.venue.all });
}

export function useAddVenue() {
  const refresh = useRefreshVenues();
  return useMutation({
    mutationFn: (input: VenueForm) => api.post<{ id_venue: number }>('/venue/add', input).then((r) => r.result),
    onSuccess: refresh,
  });
}

export function useUpdateVenue() {
  const refresh = useRefreshVenues();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: VenueForm }) => api.post<Venue>(`/venue/${id}/update`, input).then((r) => r.result),
    onSuccess: refresh,
  });
}

export function useVenueItems(id: number, paging: { page: number; count: number }) {
  return useQuery({
    queryKey: [...queryKeys.venue.items(id), paging],
    queryFn: ({ signal }) => api.list<VenueItem>(`/venue-items/venue/${id}`, paging, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAddVenueItem() {
  const refresh = useRefreshVenues();
  return useMutation({
    mutationFn: (input: VenueItemAdd) => api.post<{ id_venue_item: number }>('/venue-items/add', input).then((r) => r.result),
    onSuccess: refresh,
  });
}

export function useVenueCharacters(id: number, query: { page: number; count: number }, enabled = true) {
  return useQuery({
    queryKey: queryKeys.venue.characters(id, query),
    queryFn: ({ signal }) => api.list<VenueCharacterRow>(`/characters/venue/${id}`, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSignCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CharacterSign }) => api.post(`/character/${id}/sign`, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.venue.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.character.all }),
      ]),
  });
}

export const CENSUS_PAGE_SIZE = 10;

/** The census pages on with 'Load more'; each page is the next slice of style sheets by name. */
export function useCensus() {
  return useInfiniteQuery({
    queryKey: queryKeys.venue.census,
    queryFn: ({ pageParam, signal }) =>
      api
        .post<ListResult<VenueCensusRow>>(
          '/venues-with-character-count/get',
          {},
          { query: { page: pageParam, count: CENSUS_PAGE_SIZE }, signal },
        )
        .then((r) => r.result),
    initialPageParam: 1,
    // SPEC §2: 'Load more' appears while a page comes back full.
    getNextPageParam: (last, pages) => (last.rows.length === CENSUS_PAGE_SIZE ? pages.length + 1 : undefined),
  });
}
