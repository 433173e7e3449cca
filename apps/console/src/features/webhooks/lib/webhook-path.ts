import { ADMIN_WEBHOOKS_PREFIX, webhookRoute } from '@ehr-gateway/contracts';

/** The admin API path of a webhook route: `adminWebhookPath('pause', { id })`. */
export function adminWebhookPath(...args: Parameters<typeof webhookRoute>): string {
  return `${ADMIN_WEBHOOKS_PREFIX}${webhookRoute(...args)}`;
}

/** Every webhook query starts with this key, so a change refreshes them all at once. */
export const WEBHOOKS_QUERY_KEY = ['webhooks'] as const;
