import { adminPath, type EhrStatus } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export function getEhrStatus() {
  return api.get<EhrStatus>(adminPath('ehrStatus'));
}

export function getEhrStatusQueryOptions() {
  return queryOptions({
    queryKey: ['ehr-status'],
    queryFn: getEhrStatus,
    staleTime: 60_000,
  });
}

export function useEhrStatus() {
  return useQuery(getEhrStatusQueryOptions());
}
