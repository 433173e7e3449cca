import { adminPath, type LogFilter, type LogList } from '@ehr-gateway/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';

import { api, buildUrl } from '@/lib/api-client';

import { LOG_RANGES, type LogViewFilters } from '../lib/log-view-filters';

/**
 * The admin API's filter for the view's: a relative range (last hour) becomes `from` at the time
 * of each request, so an auto-refreshing view keeps sliding forward.
 */
export function apiFilterOf(
  { range, limit: _limit, ...filters }: LogViewFilters,
  now = Date.now(),
): LogFilter {
  if (range === 'custom' || range === undefined) {
    return filters;
  }
  const { from: _from, to: _to, ...rest } = filters;
  return { ...rest, from: new Date(now - LOG_RANGES[range].ms).toISOString() };
}

export function getLogs(
  filters: LogFilter & { limit: number; cursor?: string | null },
  signal?: AbortSignal,
) {
  return api.get<LogList>(adminPath('logs'), {
    params: { ...filters, endpoint: filters.endpoint?.trim() },
    signal,
  });
}

/** The newest entries, for the Dashboard's card. */
export function getRecentLogsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: ['logs', 'recent', limit],
    queryFn: async ({ signal }) => (await getLogs({ limit }, signal)).logs,
  });
}

export function useRecentLogs(limit: number, options: { refetchInterval?: number } = {}) {
  return useQuery({
    ...getRecentLogsQueryOptions(limit),
    refetchInterval: options.refetchInterval,
    placeholderData: keepPreviousData,
  });
}

/** The Logs screen: pages of the filtered log, newest first, each older than the last. */
export function getLogPagesQueryOptions(filters: LogViewFilters) {
  return infiniteQueryOptions({
    queryKey: ['logs', 'pages', filters],
    queryFn: ({ pageParam, signal }) =>
      getLogs({ ...apiFilterOf(filters), limit: filters.limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useLogPages(filters: LogViewFilters, options: { refetchInterval?: number } = {}) {
  return useInfiniteQuery({
    ...getLogPagesQueryOptions(filters),
    refetchInterval: options.refetchInterval,
    placeholderData: keepPreviousData,
  });
}

/** The filtered log as CSV: a plain download, so the browser streams it to a file. */
export function logsExportUrl(filters: LogViewFilters) {
  return buildUrl(adminPath('logsExport'), apiFilterOf(filters));
}
