import {
  adminPath,
  METRIC_RANGES,
  type MetricGroup,
  type MetricRange,
  type MetricsResponse,
} from '@ehr-gateway/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** How often a short range is read again while the screen is open. */
export const METRICS_REFRESH_MS = 30_000;

/**
 * The figures of a range ending now, grouped as asked. The window is worked out when the query
 * runs, so each refresh moves it forward.
 */
export function getMetrics(range: MetricRange, groupBy: MetricGroup, signal?: AbortSignal) {
  const { seconds, interval } = METRIC_RANGES[range];
  const to = Date.now();
  return api.get<MetricsResponse>(adminPath('metrics'), {
    params: { from: new Date(to - seconds * 1000).toISOString(), groupBy, interval },
    signal,
  });
}

export function getMetricsQueryOptions(range: MetricRange, groupBy: MetricGroup) {
  return queryOptions({
    queryKey: ['metrics', range, groupBy],
    queryFn: ({ signal }) => getMetrics(range, groupBy, signal),
    refetchInterval: METRIC_RANGES[range].autoRefresh ? METRICS_REFRESH_MS : false,
    // Switching ranges keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useMetrics(range: MetricRange, groupBy: MetricGroup) {
  return useQuery(getMetricsQueryOptions(range, groupBy));
}
