import { adminPath, ApiKeyUsage } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export async function getApiKeyUsage(id: string, signal?: AbortSignal): Promise<ApiKeyUsage> {
  const answer = await api.get<unknown>(adminPath('apiKeyUsage', { id }), { signal });
  return ApiKeyUsage.parse(answer);
}

export function getApiKeyUsageQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['api-keys', id, 'usage'],
    queryFn: ({ signal }) => getApiKeyUsage(id, signal),
    meta: {
      errorToast: { title: 'Error', description: 'Failed to load the key\u2019s usage.' },
    },
  });
}

export function useApiKeyUsage(id: string) {
  return useQuery(getApiKeyUsageQueryOptions(id));
}
