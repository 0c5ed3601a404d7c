// Issue 28: the Games section's calls — a game, scheduling, sign-up, the door list, check-in, closing — and the
// member's characters that may play a game.
import { isPlayableAt } from '@guildhall/shared/rules/playable-characters';
import type { CharacterRow } from '@guildhall/shared/schemas/characters';
import type { Attendee, CheckinInput, CorrectionInput, Game, GameAdd, SignupInput } from '@guildhall/shared/schemas/games';
import type { VenueSummary } from '@guildhall/shared/schemas/locations';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const gameQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.games.detail(id),
    queryFn: ({ signal }) => api.get<Game>(`/games/${id}`, undefined, signal).then((r) => r.result),
  });

export const useGame = (id: number) => useQuery(gameQuery(id));

/**
 * The member's characters that may play the game (shared rule isPlayableAt, as the API decides): accepted on the
 * game's venue, or for a domain's event on a venue of the game's domain.
 */
export function usePlayableCharacters(userId: number, game: Game | undefined) {
  const domainEvent = game?.id_venue === null;
  return useQuery({
    queryKey: queryKeys.character.list(userId, { games: true, domain: domainEvent ? game.id_location : null }),
    queryFn: async ({ signal }) => {
      const [rows, venues] = await Promise.all([
        api.list<CharacterRow>(`/characters/user/${userId}`, { count: 100 }, signal).then((r) => r.rows),
        domainEvent ? api.list<VenueSummary>(`/venues/domain/${game.id_location}`, { count: 100 }, signal).then((r) => r.rows) : [],
      ]);
      const domainVenues = new Set(venues.map((v) => v.id_venue));
      return rows.filter((c) => game && isPlayableAt(c, game, domainVenues));
    },
    enabled: Boolean(game),
  });
}

function useGamesMutation<V, R>(mutationFn: (values: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.games.all }) });
}

export const useScheduleGame = () =>
  useGamesMutation((game: GameAdd) => api.post<{ ids: number[] }>('/games/add', game).then((r) => r.result));
export const useSignUp = (id: number) =>
  useGamesMutation((signup: SignupInput) => api.post<{ status: 'going' | 'waiting' }>(`/games/${id}/signup`, signup).then((r) => r.result));
export const useWithdraw = (id: number) => useGamesMutation(() => api.post<boolean>(`/games/${id}/withdraw`));
export const useCancelGame = (id: number) => useGamesMutation(() => api.post<boolean>(`/games/${id}/cancel`));
/** Closing or correcting posts XP and prestige: games, characters and members show them. */
const refreshAfterPosting = (queryClient: QueryClient) =>
  Promise.all(
    [queryKeys.games.all, queryKeys.character.all, queryKeys.member.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );

export function useCloseGame(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ closed: boolean; xp_entries: number; prestige_entries: number }>(`/games/${id}/close`).then((r) => r.result),
    onSettled: () => refreshAfterPosting(queryClient),
  });
}

export function useCorrectAttendance(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CorrectionInput) => api.post<boolean>(`/games/${id}/corrections`, input),
    onSettled: () => refreshAfterPosting(queryClient),
  });
}

export function useAttendees(id: number, q: string) {
  return useQuery<Attendee[]>({
    queryKey: queryKeys.games.attendees(id, q),
    queryFn: ({ signal }) => api.get<Attendee[]>(`/games/${id}/attendees`, { q }, signal).then((r) => r.result),
    // Typing a search keeps the list on screen until the answer comes (and offline, the last one).
    placeholderData: keepPreviousData,
  });
}

export const sendCheckin = (id: number, checkin: CheckinInput) =>
  api.post<{ id_checkin: number; replayed: boolean }>(`/games/${id}/checkins`, checkin).then((r) => r.result);
