import { QueryClient } from '@tanstack/react-query';

/** SPEC §4 and §9: the product's own fetches do not retry and do not refetch on window focus. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 2000 },
      mutations: { retry: false },
    },
  });
}
