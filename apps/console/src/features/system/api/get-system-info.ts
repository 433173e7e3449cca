import { adminPath, type SystemInfo } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export function getSystemInfo() {
  return api.get<SystemInfo>(adminPath('system'));
}

export function getSystemInfoQueryOptions() {
  return queryOptions({
    queryKey: ['system'],
    queryFn: getSystemInfo,
    // Deployment facts change only on restart.
    staleTime: 5 * 60_000,
  });
}

export function useSystemInfo() {
  return useQuery(getSystemInfoQueryOptions());
}
