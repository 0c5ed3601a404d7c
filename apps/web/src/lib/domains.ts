// SPEC §4: the domains are fetched once the member is authenticated, and kept for the session.
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useAuth } from './auth';

export interface Domain {
  id_location: number;
  location_name: string;
  location_code: string;
  id_parent_location: string | null;
  location_type: number;
  domain_code: string;
}

export function useDomains() {
  const { token } = useAuth();
  return useQuery({
    queryKey: ['domains'],
    queryFn: ({ signal }) => api.list<Domain>('/domains', { count: 100000 }, signal).then((r) => r.rows),
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDomain(id_location: number | null | undefined): Domain | undefined {
  const { data } = useDomains();
  return id_location ? data?.find((d) => d.id_location === id_location) : undefined;
}
