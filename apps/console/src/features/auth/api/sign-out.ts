import { ADMIN_PREFIX } from '@ehr-gateway/contracts';

import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { endSession } from './get-session';

export function signOut() {
  return api.delete(`${ADMIN_PREFIX}/session`);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      // Even if the call failed the user asked to leave: drop every cached admin answer.
      endSession(queryClient);
    },
  });
}
