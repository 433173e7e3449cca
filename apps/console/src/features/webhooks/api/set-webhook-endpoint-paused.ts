import { WebhookEndpointDetail, type WebhookEndpoint } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { adminWebhookPath, WEBHOOKS_QUERY_KEY } from '../lib/webhook-path';

/** Pauses deliveries (events keep queueing) or resumes them, a disabled endpoint included. */
export async function setWebhookEndpointPaused(
  id: string,
  paused: boolean,
): Promise<WebhookEndpoint> {
  const answer = await api.post<unknown>(adminWebhookPath(paused ? 'pause' : 'resume', { id }));
  return WebhookEndpointDetail.parse(answer).endpoint;
}

export function useSetWebhookEndpointPaused(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) => setWebhookEndpointPaused(id, paused),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}
