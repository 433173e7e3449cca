import { adminPath, type SessionResponse, type SessionUser } from '@ehr-gateway/contracts';
import { hashKey, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { api, isApiError } from '@/lib/api-client';

export const sessionQueryKey = ['session'] as const;

/** The signed-in user, or null when there is no session (401). */
export async function getSession(): Promise<SessionUser | null> {
  try {
    const { user } = await api.get<SessionResponse>(adminPath('session'));
    return user;
  } catch (error) {
    if (isApiError(error, 401)) {
      return null;
    }
    throw error;
  }
}

export function getSessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    // Checked once; a 401 from any other call or a sign-out updates it directly.
    staleTime: Infinity,
  });
}

/**
 * Signs the console out: the session becomes null first, in the query the sign-in gate is
 * watching, so the gate switches at once; then every other cached admin answer is dropped.
 * (Clearing the whole cache would remove the gate's query from under it, and it would keep showing
 * the signed-in console until something else re-rendered it.)
 */
export function endSession(queryClient: QueryClient) {
  queryClient.setQueryData(sessionQueryKey, null);
  const sessionHash = hashKey(sessionQueryKey);
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== sessionHash });
  queryClient.getMutationCache().clear();
}

export function useSession() {
  return useQuery(getSessionQueryOptions());
}
