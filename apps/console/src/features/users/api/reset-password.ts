import { adminPath, type PasswordReset } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { getUsersQueryOptions } from './get-users';

export function resetPassword(id: string) {
  return api.post<PasswordReset>(adminPath('userPasswordReset', { id }));
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
  });
}
