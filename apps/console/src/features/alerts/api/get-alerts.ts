import { adminPath, type AlertsResponse } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** The bell looks again this often, so an alert raised elsewhere shows within half a minute. */
export const ALERTS_REFRESH_MS = 30_000;

export function getAlerts(signal?: AbortSignal) {
  return api.get<AlertsResponse>(adminPath('alerts'), { signal });
}

export function getAlertsQueryOptions() {
  return queryOptions({
    queryKey: ['alerts'],
    queryFn: ({ signal }) => getAlerts(signal),
    refetchInterval: ALERTS_REFRESH_MS,
  });
}

export function useAlerts() {
  return useQuery(getAlertsQueryOptions());
}
