import { WebhookEndpointList, type WebhookEndpoint } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { adminWebhookPath, WEBHOOKS_QUERY_KEY } from '../lib/webhook-path';

/** Every endpoint, never a secret. */
export async function getWebhookEndpoints(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  const answer = await api.get<unknown>(adminWebhookPath('endpoints'), { signal });
  return WebhookEndpointList.parse(answer).endpoints;
}

export function getWebhookEndpointsQueryOptions() {
  return queryOptions({
    queryKey: [...WEBHOOKS_QUERY_KEY, 'endpoints'],
    queryFn: ({ signal }) => getWebhookEndpoints(signal),
    // A failing endpoint's streak and status change while the screen is open.
    refetchInterval: 15_000,
    meta: {
      errorToast: {
        title: 'Error',
        description: 'Failed to load webhook endpoints. Please try again.',
      },
    },
  });
}

export function useWebhookEndpoints() {
  return useQuery(getWebhookEndpointsQueryOptions());
}
