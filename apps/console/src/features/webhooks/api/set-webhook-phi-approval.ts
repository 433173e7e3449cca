import { WebhookEndpointDetail, type WebhookEndpoint } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { adminWebhookPath, WEBHOOKS_QUERY_KEY } from '../lib/webhook-path';

/** Lets the endpoint receive full patient data (`payload: full`), or withdraws that; audited. */
export async function setWebhookPhiApproval(
  id: string,
  phiApproved: boolean,
): Promise<WebhookEndpoint> {
  const answer = await api.put<unknown>(adminWebhookPath('phiApproval', { id }), { phiApproved });
  return WebhookEndpointDetail.parse(answer).endpoint;
}

export function useSetWebhookPhiApproval(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phiApproved: boolean) => setWebhookPhiApproval(id, phiApproved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}
