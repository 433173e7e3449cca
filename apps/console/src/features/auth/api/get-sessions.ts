import { adminPath, type SessionList, type SessionSummary } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** The signed-in user's own sessions (every browser they are signed in on). */
export async function getSessions(signal?: AbortSignal): Promise<SessionSummary[]> {
  const { sessions } = await api.get<SessionList>(adminPath('sessions'), { signal });
  return sessions;
}

export function getSessionsQueryOptions() {
  return queryOptions({
    queryKey: ['sessions', 'mine'],
    queryFn: ({ signal }) => getSessions(signal),
    meta: {
      errorToast: {
        title: 'Error',
        description: 'Failed to load your sessions. Please try again.',
      },
    },
  });
}

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
