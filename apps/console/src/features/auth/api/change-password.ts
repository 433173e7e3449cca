import { adminPath, type ChangePasswordBody, type SessionResponse } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { getSessionQueryOptions } from './get-session';
import { getSessionsQueryOptions } from './get-sessions';

export async function changePassword(body: ChangePasswordBody) {
  const { user } = await api.post<SessionResponse>(adminPath('sessionPassword'), body);
  return user;
}

/** A changed password ends every other session; the signed-in user is updated in place. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (user) => {
      queryClient.setQueryData(getSessionQueryOptions().queryKey, user);
      void queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey });
    },
  });
}
