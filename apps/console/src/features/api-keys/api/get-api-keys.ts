import { adminPath, type ApiKeySummary } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toast } from '@/lib/toast';

import { api } from '@/lib/api-client';

export const UNEXPECTED_FORMAT_MESSAGE = 'Received an unexpected data format from the server.';

/**
 * Lists keys (masked). Any answer that is not `{ apiKeys: [...] }` counts as no keys. The schema
 * (and zod with it) loads beside the request, so the Dashboard's first render waits for neither.
 */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKeySummary[]> {
  const [answer, { ApiKeyList }] = await Promise.all([
    api.get<unknown>(adminPath('apiKeys'), { signal }),
    import('./api-key-list-schema'),
  ]);
  const parsed = ApiKeyList.safeParse(answer);
  if (!parsed.success) {
    toast.warning('Warning', { description: UNEXPECTED_FORMAT_MESSAGE });
    return [];
  }
  return parsed.data.apiKeys;
}

export function getApiKeysQueryOptions() {
  return queryOptions({
    queryKey: ['api-keys'],
    queryFn: ({ signal }) => getApiKeys(signal),
    meta: {
      errorToast: { title: 'Error', description: 'Failed to load API keys. Please try again.' },
    },
  });
}

export function useApiKeys() {
  return useQuery(getApiKeysQueryOptions());
}
