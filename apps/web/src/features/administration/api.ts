// Issue 13: the Administration section's calls — members, positions and the audit log.
import type { OutboxMessage } from '@guildhall/shared/schemas/mail';
import type {
  AuditRow,
  LocationAdd,
  McLevelSave,
  MemberCreate,
  MembershipUpdate,
  PositionAdd,
  PositionHolding,
  PositionRow,
  SetPasswordLink,
} from '@guildhall/shared/schemas/administration';
import type { User } from '@guildhall/shared/schemas/user';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

function useRefreshMembers() {
  const client = useQueryClient();
  return (id_user?: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.reach.all }),
      ...(id_user ? [client.invalidateQueries({ queryKey: queryKeys.member.of(id_user) })] : []),
    ]);
}

/** SPEC §7 POST /users: answers the new member and their one-time set-password link. */
export function useCreateMember() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (input: MemberCreate) =>
      api.post<User>('/users', input).then((r) => ({
        member: r.result,
        link: (r.extra?.setPasswordLink as SetPasswordLink | undefined) ?? { url: null, expires_at: null },
      })),
    onSuccess: () => refresh(),
  });
}

export function useUpdateMembership() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ id_user, ...input }: MembershipUpdate & { id_user: number }) => api.post<boolean>(`/users/${id_user}/membership`, input),
    onSuccess: (_, { id_user }) => refresh(id_user),
  });
}

export function useSetActive() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ id_user, active }: { id_user: number; active: boolean }) =>
      api.post<boolean>(`/users/${id_user}/${active ? 'reactivate' : 'deactivate'}`),
    onSuccess: (_, { id_user }) => refresh(id_user),
  });
}

export function useNewLink() {
  return useMutation({
    mutationFn: (id_user: number) => api.post<SetPasswordLink>(`/users/${id_user}/set-password-link`).then((r) => r.result),
  });
}

export function usePositions(query: object) {
  return useQuery({
    queryKey: queryKeys.administration.positions(query),
    queryFn: ({ signal }) => api.list<PositionRow>('/positions', query as never, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePositionHistory(id: number | null) {
  return useQuery({
    queryKey: queryKeys.administration.positionHistory(id ?? 0),
    queryFn: ({ signal }) => api.list<PositionHolding>(`/positions/${id}/history`, undefined, signal).then((r) => r.rows),
    enabled: id !== null,
  });
}

function useRefreshPositions() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['administration', 'positions'] }),
      client.invalidateQueries({ queryKey: queryKeys.domains.all }),
    ]);
}

export function useAddPosition() {
  const refresh = useRefreshPositions();
  return useMutation({
    mutationFn: (input: PositionAdd) => api.post<{ id_position: number }>('/positions/add', input),
    onSuccess: refresh,
  });
}

export function useAssignPosition() {
  const refresh = useRefreshPositions();
  return useMutation({
    mutationFn: ({ id_position, id_user }: { id_position: number; id_user: number }) =>
      api.post<{ moved: number[] }>(`/positions/${id_position}/assign`, { id_user }).then((r) => r.result),
    onSuccess: refresh,
  });
}

export function useEndPosition() {
  const refresh = useRefreshPositions();
  return useMutation({ mutationFn: (id_position: number) => api.post<boolean>(`/positions/${id_position}/end`), onSuccess: refresh });
}

export function useAuditLog(query: object) {
  return useQuery({
    queryKey: queryKeys.administration.audit(query),
    queryFn: ({ signal }) => api.list<AuditRow>('/audit-log', query as never, signal),
    placeholderData: keepPreviousData,
  });
}

/** Issue 25: the e-mails the portal has written, newest first, with their status. */
export function useOutbox(query: object) {
  return useQuery({
    queryKey: queryKeys.administration.outbox(query),
    queryFn: ({ signal }) => api.list<OutboxMessage>('/mail/outbox', query as never, signal),
    placeholderData: keepPreviousData,
  });
}

/** Adds (id null) or edits a region or domain; the domain list is refreshed. */
export function useSaveLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: LocationAdd & { id: number | null }) =>
      api.post<unknown>(id ? `/domains/${id}/update` : '/domains/add', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.domains.all }),
  });
}

export type NamedList = 'venue-types' | 'character-types' | 'character-subtypes';

/** Adds (id null) or renames an entry of venue types, character types or subtypes. */
export function useSaveListItem(list: NamedList) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: Record<string, unknown> & { id: number | null }) =>
      api.post<unknown>(id ? `/${list}/${id}/update` : `/${list}/add`, input),
    onSuccess: () =>
      client.invalidateQueries({
        queryKey:
          list === 'venue-types'
            ? queryKeys.character.venueTypes
            : list === 'character-types'
              ? queryKeys.character.types
              : ['character-subtypes'],
      }),
  });
}

export function useMcLevels() {
  return useQuery({
    queryKey: queryKeys.administration.mcLevels,
    queryFn: ({ signal }) => api.list<McLevelSave>('/mc-levels', undefined, signal).then((r) => r.rows),
  });
}

export function useSaveMcLevel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: McLevelSave) => api.post<boolean>('/mc-levels/save', input),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.administration.mcLevels }),
        client.invalidateQueries({ queryKey: queryKeys.member.all }),
      ]),
  });
}
