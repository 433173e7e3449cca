import { WebhookStats } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { adminWebhookPath, WEBHOOKS_QUERY_KEY } from '../lib/webhook-path';

/** Events created, deliveries by outcome and delivery lag, for the screen's summary. */
export async function getWebhookStats(signal?: AbortSignal): Promise<WebhookStats> {
  const answer = await api.get<unknown>(adminWebhookPath('stats'), { signal });
  return WebhookStats.parse(answer);
}

export function getWebhookStatsQueryOptions() {
  return queryOptions({
    queryKey: [...WEBHOOKS_QUERY_KEY, 'stats'],
    queryFn: ({ signal }) => getWebhookStats(signal),
    refetchInterval: 15_000,
  });
}

export function useWebhookStats() {
  return useQuery(getWebhookStatsQueryOptions());
}
