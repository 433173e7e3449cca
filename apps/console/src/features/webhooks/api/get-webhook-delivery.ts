import { WebhookDeliveryDetail } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { adminWebhookPath, WEBHOOKS_QUERY_KEY } from '../lib/webhook-path';

/** A delivery with its attempts (newest first): answer codes, timing, the answer's first 1 KB. */
export async function getWebhookDelivery(
  deliveryId: string,
  signal?: AbortSignal,
): Promise<WebhookDeliveryDetail> {
  const answer = await api.get<unknown>(adminWebhookPath('delivery', { deliveryId }), { signal });
  return WebhookDeliveryDetail.parse(answer);
}

export function getWebhookDeliveryQueryOptions(deliveryId: string) {
  return queryOptions({
    queryKey: [...WEBHOOKS_QUERY_KEY, 'delivery', deliveryId],
    queryFn: ({ signal }) => getWebhookDelivery(deliveryId, signal),
    meta: {
      errorToast: { title: 'Error', description: 'Failed to load the delivery. Please try again.' },
    },
  });
}

export function useWebhookDelivery(deliveryId: string, enabled: boolean) {
  return useQuery({ ...getWebhookDeliveryQueryOptions(deliveryId), enabled });
}
