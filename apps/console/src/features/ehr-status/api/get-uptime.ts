import { adminPath, type UptimeResponse } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export function getUptime() {
  return api.get<UptimeResponse>(adminPath('uptime'));
}

export function getUptimeQueryOptions() {
  return queryOptions({
    queryKey: ['uptime'],
    queryFn: getUptime,
    // Samples are per minute; a minute's difference is all a refresh could show.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

export function useUptime() {
  return useQuery(getUptimeQueryOptions());
}
