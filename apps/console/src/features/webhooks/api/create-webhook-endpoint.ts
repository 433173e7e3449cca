import {
  WebhookEndpointCreated,
  type AdminCreateWebhookEndpointBody,
} from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { adminWebhookPath, WEBHOOKS_QUERY_KEY } from '../lib/webhook-path';

/** Registers an endpoint; the answer carries its signing secret, this once. */
export async function createWebhookEndpoint(
  body: AdminCreateWebhookEndpointBody,
): Promise<WebhookEndpointCreated> {
  const answer = await api.post<unknown>(adminWebhookPath('endpoints'), body);
  return WebhookEndpointCreated.parse(answer);
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}
