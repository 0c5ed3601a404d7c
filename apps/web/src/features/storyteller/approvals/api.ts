// The Approvals calls (SPEC §7 GET /approvals/get; DESIGN §3 POST /approvals/{id}/approve|deny|remove|update).
// The detail query is shared with the player's Applications panel (lib/queries useApproval).
import type {
  ApprovalActionInput,
  ApprovalDenyInput,
  ApprovalListRow,
  ApprovalsListInput,
  ApprovalUpdateInput,
} from '@guildhall/shared/schemas/approvals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useApprovals(query: ApprovalsListInput) {
  return useQuery({
    queryKey: queryKeys.approvals.list(query),
    queryFn: ({ signal }) => api.list<ApprovalListRow>('/approvals/get', query as Record<string, string | number | undefined>, signal),
    placeholderData: keepPreviousData,
  });
}

export type ReviewAction =
  | { action: 'approve' | 'remove'; input: ApprovalActionInput }
  | { action: 'deny'; input: ApprovalDenyInput }
  | { action: 'update'; input: ApprovalUpdateInput };

/** One review action; afterwards every list, detail, character's applications and notification count is refreshed. */
export function useReviewAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, input }: ReviewAction) => api.post(`/approvals/${id}/${action}`, input),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.approvals.all }),
        client.invalidateQueries({ queryKey: queryKeys.character.all }),
        client.invalidateQueries({ queryKey: queryKeys.notifications.all }),
      ]),
  });
}
