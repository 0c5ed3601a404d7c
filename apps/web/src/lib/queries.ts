// Queries that several sections share (a member, their figures, the domains, the sign-in settings): defined
// once here; a section's own calls live in its feature's api.ts.
import type { MemberRow } from '@guildhall/shared/schemas/administration';
import type { ApprovalAction } from '@guildhall/shared/rules/approval-workflow';
import type { ApprovalDetail } from '@guildhall/shared/schemas/approvals';
import type { AuthConfig } from '@guildhall/shared/schemas/auth';
import type { CharacterSubtype, CharacterType } from '@guildhall/shared/schemas/characters';
import type { Location, VenueType } from '@guildhall/shared/schemas/locations';
import type { Overview, Position } from '@guildhall/shared/schemas/overview';
import type { Game, GamesQuery } from '@guildhall/shared/schemas/games';
import type { PrestigeAggregates } from '@guildhall/shared/schemas/prestige';
import type { User } from '@guildhall/shared/schemas/user';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useAuth } from './auth';
import { queryKeys } from './query-keys';

export type Domain = Location;

/** Another member's record, as GET /user/{id} shows it to the caller. */
export const memberQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.member.record(id),
    queryFn: ({ signal }) => api.get<User>(`/user/${id}`, undefined, signal).then((r) => r.result),
  });

export const overviewQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.member.overview(id),
    queryFn: ({ signal }) => api.get<Overview>(`/user/${id}/overview`, undefined, signal).then((r) => r.result),
  });

export const aggregatesQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.member.aggregates(id),
    queryFn: ({ signal }) => api.get<PrestigeAggregates>(`/prestiges/user/${id}/aggregates`, undefined, signal).then((r) => r.result),
  });

/** SPEC §7: the id is the member's id_location, or 0 when they have none. */
export const domainPositionsQuery = (locationId: number | null) =>
  queryOptions({
    queryKey: queryKeys.domains.positions(locationId ?? 0),
    queryFn: ({ signal }) => api.list<Position>(`/positions/domain/${locationId ?? 0}`, undefined, signal).then((r) => r.rows),
  });

export const authConfigQuery = () =>
  queryOptions({
    queryKey: queryKeys.auth.config,
    queryFn: ({ signal }) => api.get<AuthConfig>('/auth/config', undefined, signal).then((r) => r.result),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** SPEC §4: the domains are fetched once the member is authenticated, and kept for the session. */
export function useDomains() {
  const { token } = useAuth();
  return useQuery({
    queryKey: queryKeys.domains.all,
    queryFn: ({ signal }) => api.list<Domain>('/domains', undefined, signal).then((r) => r.rows),
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDomain(id_location: number | null | undefined): Domain | undefined {
  const { data } = useDomains();
  return id_location ? data?.find((d) => d.id_location === id_location) : undefined;
}

/** SPEC §5: a region's child domains (the region → domain choice of the lookup and the character search). */
export function useDomainsByParents(parentId: number | null) {
  return useQuery({
    queryKey: queryKeys.domains.byParent(parentId),
    queryFn: ({ signal }) =>
      api
        .post<{ rows: Domain[]; count: number }>('/domains/getbyparents', { parentIds: [parentId] }, { signal })
        .then((r) => r.result.rows),
    enabled: parentId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Issue 13: the members within the caller's reach (everyone for an administrator), with each row's abilities. */
export function useMembersInReach(query: object, enabled = true) {
  return useQuery({
    queryKey: queryKeys.reach.members(query),
    queryFn: ({ signal }) => api.list<MemberRow>('/coordinator/members', query as never, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The society's lists: character types, their subtypes (SPEC §5: limited to the chosen type), venue types. */
export function useCharacterTypes() {
  return useQuery({
    queryKey: queryKeys.character.types,
    queryFn: ({ signal }) => api.list<CharacterType>('/character-types', undefined, signal).then((r) => r.rows),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCharacterSubtypes(typeId: number | null) {
  return useQuery({
    queryKey: queryKeys.character.subtypes(typeId),
    queryFn: ({ signal }) => api.list<CharacterSubtype>('/character-subtypes', { typeId }, signal).then((r) => r.rows),
    enabled: typeId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /venue-types/get: the character search, the Approvals filters and the style-sheet form choose from them. */
export function useVenueTypes() {
  return useQuery({
    queryKey: queryKeys.character.venueTypes,
    queryFn: ({ signal }) => api.list<VenueType>('/venue-types/get', undefined, signal).then((r) => r.rows),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** One application with its chain, history and clock, and what the caller may do to it (`extra.abilities`). */
export function useApproval(id: number | null) {
  return useQuery({
    queryKey: queryKeys.approvals.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<ApprovalDetail>(`/approvals/${id}`, undefined, signal).then((r) => ({
        approval: r.result,
        abilities: ((r.extra?.abilities as ApprovalAction[] | undefined) ?? []) as ApprovalAction[],
      })),
    enabled: id !== null,
  });
}

/** Issue 28: games — a venue's upcoming ones, the member's next ones (Overview), the Games page. */
export const gamesQuery = (query: Partial<GamesQuery>) =>
  queryOptions({
    queryKey: queryKeys.games.list(query),
    queryFn: ({ signal }) => api.list<Game>('/games', query, signal),
  });
