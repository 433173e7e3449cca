import type { LogList, LogSource } from '@ehr-gateway/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export interface LogFilters {
  endpoint?: string;
  source?: LogSource;
  limit: number;
}

export async function getLogs(filters: LogFilters, signal?: AbortSignal) {
  const { logs } = await api.get<LogList>('/admin/logs', {
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
