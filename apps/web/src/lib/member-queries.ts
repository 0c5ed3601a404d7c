// Queries of a member's figures that several sections show (overview, prestige): one definition each.
import type { Overview, Position } from '@guildhall/shared/schemas/overview';
import type { PrestigeAggregates } from '@guildhall/shared/schemas/prestige';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

export const memberKeys = {
  overview: (id: number) => ['member', id, 'overview'] as const,
  aggregates: (id: number) => ['member', id, 'prestige', 'aggregates'] as const,
  prestige: (id: number) => ['member', id, 'prestige'] as const,
  positions: (locationId: number) => ['positions', locationId] as const,
};

export const overviewQuery = (id: number) =>
  queryOptions({
    queryKey: memberKeys.overview(id),
    queryFn: ({ signal }) => api.get<Overview>(`/user/${id}/overview`, undefined, signal).then((r) => r.result),
  });

export const aggregatesQuery = (id: number) =>
  queryOptions({
    queryKey: memberKeys.aggregates(id),
    queryFn: ({ signal }) => api.get<PrestigeAggregates>(`/prestiges/user/${id}/aggregates`, undefined, signal).then((r) => r.result),
  });

/** SPEC §7: the id is the member's id_location, or 0 when they have none. */
export const domainPositionsQuery = (locationId: number | null) =>
  queryOptions({
    queryKey: memberKeys.positions(locationId ?? 0),
    queryFn: ({ signal }) => api.list<Position>(`/positions/domain/${locationId ?? 0}`, undefined, signal).then((r) => r.rows),
  });
