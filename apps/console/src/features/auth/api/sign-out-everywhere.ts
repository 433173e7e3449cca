import { adminPath } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { endSession } from './get-session';

/** Ends every session of the signed-in user, this one included. */
export function signOutEverywhere() {
  return api.delete(adminPath('sessions'));
}

export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => {
      endSession(queryClient);
    },
  });
}
