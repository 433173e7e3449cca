import { WebhookDeliveryQueued, type WebhookDelivery } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { adminWebhookPath, WEBHOOKS_QUERY_KEY } from '../lib/webhook-path';

/** Queues an `endpoint.test` event for the endpoint; answers the delivery it queued. */
export async function sendWebhookTestEvent(id: string): Promise<WebhookDelivery> {
  const answer = await api.post<unknown>(adminWebhookPath('test', { id }));
  return WebhookDeliveryQueued.parse(answer).delivery;
}

export function useSendWebhookTestEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendWebhookTestEvent(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}
