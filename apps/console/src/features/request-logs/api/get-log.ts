import type { LogEntryDetail } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export function getLog(id: string, signal?: AbortSignal) {
  return api.get<LogEntryDetail>(`/admin/logs/${encodeURIComponent(id)}`, { signal });
}

export function getLogQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['logs', 'detail', id],
    queryFn: ({ signal }) => getLog(id, signal),
    // A written log entry never changes.
    staleTime: Infinity,
  });
}

export function useLog(id: string | null) {
  return useQuery({ ...getLogQueryOptions(id ?? ''), enabled: id !== null });
}
