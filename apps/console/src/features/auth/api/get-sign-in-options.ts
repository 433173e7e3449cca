import { ssoPath, type SignInOptions } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export function getSignInOptions(signal?: AbortSignal): Promise<SignInOptions> {
  return api.get<SignInOptions>(ssoPath('options'), { signal });
}

export function getSignInOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['sign-in-options'],
    queryFn: ({ signal }) => getSignInOptions(signal),
    staleTime: Infinity,
  });
}

/** Whether to offer "Sign in with …", the password form, or both. */
export function useSignInOptions() {
  return useQuery(getSignInOptionsQueryOptions());
}
