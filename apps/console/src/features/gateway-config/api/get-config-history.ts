import { adminPath, type GatewayConfigHistory } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export async function getConfigHistory(signal?: AbortSignal) {
  const { changes } = await api.get<GatewayConfigHistory>(adminPath('configHistory'), {
    signal,
  });
  return Array.isArray(changes) ? changes : [];
}

export function getConfigHistoryQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'history'],
    queryFn: ({ signal }) => getConfigHistory(signal),
  });
}

export function useConfigHistory() {
  return useQuery(getConfigHistoryQueryOptions());
}
