import { ssoPath, type SsoLogoutResponse } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { endSession } from './get-session';

/** Ends the session; after a single sign-on, also where the provider ends its own. */
export async function signOut(): Promise<string | null> {
  const { redirectTo } = await api.post<SsoLogoutResponse>(ssoPath('logout'));
  return redirectTo;
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: (redirectTo) => {
      // RP-initiated logout: the provider signs the browser out and sends it back to sign-in.
      if (redirectTo) {
        window.location.assign(redirectTo);
      }
    },
    onSettled: () => {
      // Even if the call failed the user asked to leave: drop every cached admin answer.
      endSession(queryClient);
    },
  });
}
