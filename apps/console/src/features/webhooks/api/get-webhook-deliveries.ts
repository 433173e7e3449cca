import { WebhookDeliveryPage } from '@ehr-gateway/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { adminWebhookPath, WEBHOOKS_QUERY_KEY } from '../lib/webhook-path';

const PAGE_SIZE = 25;

/** One page of an endpoint's deliveries, newest first. */
export async function getWebhookDeliveries(
  endpointId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<WebhookDeliveryPage> {
  const answer = await api.get<unknown>(adminWebhookPath('deliveries', { id: endpointId }), {
    params: { limit: PAGE_SIZE, cursor },
    signal,
  });
  return WebhookDeliveryPage.parse(answer);
}

export function getWebhookDeliveriesQueryOptions(endpointId: string) {
  return infiniteQueryOptions({
    queryKey: [...WEBHOOKS_QUERY_KEY, 'deliveries', endpointId],
    queryFn: ({ pageParam, signal }) => getWebhookDeliveries(endpointId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Pending deliveries turn green or red while the list is open.
    refetchInterval: 5_000,
    meta: {
      errorToast: { title: 'Error', description: 'Failed to load deliveries. Please try again.' },
    },
  });
}

export function useWebhookDeliveries(endpointId: string) {
  return useInfiniteQuery(getWebhookDeliveriesQueryOptions(endpointId));
}
