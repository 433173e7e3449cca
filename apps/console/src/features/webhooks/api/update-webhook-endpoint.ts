import {
  WebhookEndpointDetail,
  type UpdateWebhookEndpointBody,
  type WebhookEndpoint,
} from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { adminWebhookPath, WEBHOOKS_QUERY_KEY } from '../lib/webhook-path';

/** Changes an endpoint's URL, events, description or payload mode. */
export async function updateWebhookEndpoint(
  id: string,
  body: UpdateWebhookEndpointBody,
): Promise<WebhookEndpoint> {
  const answer = await api.patch<unknown>(adminWebhookPath('endpoint', { id }), body);
  return WebhookEndpointDetail.parse(answer).endpoint;
}

export function useUpdateWebhookEndpoint(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWebhookEndpointBody) => updateWebhookEndpoint(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}
