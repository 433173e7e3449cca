import { adminPath, type ApiKeyList } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useCan } from '@/lib/current-user';

/** The keys' ids and names, for the Logs screen's API key filter. */
export async function getKeyNames(signal?: AbortSignal) {
  const { apiKeys } = await api.get<ApiKeyList>(adminPath('apiKeys'), { signal });
  return (Array.isArray(apiKeys) ? apiKeys : []).map(({ id, name }) => ({ id, name }));
}

export function getKeyNamesQueryOptions() {
  return queryOptions({
    queryKey: ['logs', 'key-names'],
    queryFn: ({ signal }) => getKeyNames(signal),
  });
}

/** Empty for a role that may not list keys: the filter then takes a pasted key id only. */
export function useKeyNames() {
  const mayListKeys = useCan('keys:read');
  return useQuery({ ...getKeyNamesQueryOptions(), enabled: mayListKeys });
}
