import { WebhookDeliveryQueued, type WebhookDelivery } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { adminWebhookPath, WEBHOOKS_QUERY_KEY } from '../lib/webhook-path';

/** Sends a delivery's event again, with the same `webhook-id` so the receiver can deduplicate. */
export async function replayWebhookDelivery(deliveryId: string): Promise<WebhookDelivery> {
  const answer = await api.post<unknown>(adminWebhookPath('replay', { deliveryId }));
  return WebhookDeliveryQueued.parse(answer).delivery;
}

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhookDelivery,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}
