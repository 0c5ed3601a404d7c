// DESIGN §3 notifications: GET /notifications (unread count in extra) and POST /notifications/read.
import type { ListResult } from '@guildhall/shared/schemas/envelope';
import type { Notification } from '@guildhall/shared/schemas/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const KEY = ['notifications'] as const;

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => {
      const response = await api.get<ListResult<Notification>>('/notifications', { count: 10 }, signal);
      return { ...response.result, unread: Number(response.extra?.unread ?? 0) };
    },
    enabled,
    refetchInterval: 60_000,
  });
}

/** Marks the given notifications read, or `'all'` of the member's (beyond the ones the list shows). */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: number[] | 'all') =>
      api.post<{ updated: number }>('/notifications/read', which === 'all' ? { all: true } : { ids: which }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: KEY }), queryClient.invalidateQueries({ queryKey: ['member'] })]),
  });
}
