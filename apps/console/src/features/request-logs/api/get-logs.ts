import { ADMIN_PREFIX, type LogList, type LogListQuery } from '@ehr-gateway/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** The Logs screen's filters: the admin API's query, as the console sends it. */
export type LogFilters = Pick<LogListQuery, 'endpoint' | 'source' | 'limit'>;

export async function getLogs(filters: LogFilters, signal?: AbortSignal) {
  const { logs } = await api.get<LogList>(`${ADMIN_PREFIX}/logs`, {
    params: { endpoint: filters.endpoint?.trim(), source: filters.source, limit: filters.limit },
    signal,
  });
  return Array.isArray(logs) ? logs : [];
}

export function getLogsQueryOptions(filters: LogFilters) {
  return queryOptions({
    queryKey: ['logs', 'list', filters],
    queryFn: ({ signal }) => getLogs(filters, signal),
  });
}

export function useLogs(filters: LogFilters, options: { refetchInterval?: number } = {}) {
  return useQuery({
    ...getLogsQueryOptions(filters),
    refetchInterval: options.refetchInterval,
    placeholderData: keepPreviousData,
  });
}
