import { ADMIN_PREFIX, type SessionResponse, type SessionUser } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, isApiError } from '@/lib/api-client';

export const sessionQueryKey = ['session'] as const;

/** The signed-in user, or null when there is no session (401). */
export async function getSession(): Promise<SessionUser | null> {
  try {
    const { user } = await api.get<SessionResponse>(`${ADMIN_PREFIX}/session`);
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

export function useSession() {
  return useQuery(getSessionQueryOptions());
}
