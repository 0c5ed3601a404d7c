// SPEC §4: the domains are fetched once the member is authenticated, and kept for the session.
import type { Location } from '@guildhall/shared/schemas/locations';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useAuth } from './auth';

export type Domain = Location;

export function useDomains() {
  const { token } = useAuth();
  return useQuery({
    queryKey: ['domains'],
    queryFn: ({ signal }) => api.list<Domain>('/domains', undefined, signal).then((r) => r.rows),
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDomain(id_location: number | null | undefined): Domain | undefined {
  const { data } = useDomains();
  return id_location ? data?.find((d) => d.id_location === id_location) : undefined;
}
