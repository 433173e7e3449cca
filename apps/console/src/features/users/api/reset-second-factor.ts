import { adminPath } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { getUsersQueryOptions } from './get-users';

/** Removes a user's second factor (a lost phone): their sessions end and they enrol again. */
export function resetSecondFactor(id: string) {
  return api.delete(adminPath('userSecondFactor', { id }));
}

export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSecondFactor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
  });
}
