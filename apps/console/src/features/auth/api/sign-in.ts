import { adminPath, type LoginBody, type SessionResponse } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { getSessionQueryOptions } from './get-session';

export async function signIn(body: LoginBody) {
  const { user } = await api.post<SessionResponse>(adminPath('session'), body);
  return user;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (user) => {
      // Anything fetched before the session ended may be stale or a 401: start clean.
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== getSessionQueryOptions().queryKey[0],
      });
      queryClient.setQueryData(getSessionQueryOptions().queryKey, user);
    },
  });
}
