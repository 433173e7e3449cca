import { WebhookSecretRotated } from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { adminWebhookPath, WEBHOOKS_QUERY_KEY } from '../lib/webhook-path';

/** A new signing secret, shown once; the old one signs beside it for `graceMinutes`. */
export async function rotateWebhookSecret(
  id: string,
  graceMinutes: number,
): Promise<WebhookSecretRotated> {
  const answer = await api.post<unknown>(adminWebhookPath('rotateSecret', { id }), {
    graceMinutes,
  });
  return WebhookSecretRotated.parse(answer);
}

export function useRotateWebhookSecret(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (graceMinutes: number) => rotateWebhookSecret(id, graceMinutes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}
