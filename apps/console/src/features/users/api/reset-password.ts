import { ADMIN_PREFIX, type PasswordReset } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { getUsersQueryOptions } from './get-users';

export function resetPassword(id: string) {
  return api.post<PasswordReset>(`${ADMIN_PREFIX}/users/${encodeURIComponent(id)}/password-reset`);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
  });
}
