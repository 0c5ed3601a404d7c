// SPEC §7 POST /user/{id_user} for the profile; the member is then re-fetched.
import type { ProfileUpdate } from '@guildhall/shared/schemas/profile';
import type { User } from '@guildhall/shared/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { currentUserQueryKey } from '../../lib/auth';

export function useUpdateProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileUpdate) => api.post<User>(`/user/${userId}`, profile).then((r) => r.result),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey(userId) }),
  });
}
