import type { WebhookDeliveryStatus, WebhookEndpoint } from '@ehr-gateway/contracts';

import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { formatDateTime, formatRelativeTime } from '@/lib/format';

const STATUS_BADGES: Record<WebhookEndpoint['status'], { variant: BadgeVariant; label: string }> = {
  active: { variant: 'success', label: 'Active' },
  paused: { variant: 'secondary', label: 'Paused' },
  disabled: { variant: 'error', label: 'Disabled' },
};

/** Active, Paused or Disabled, and how long it has been failing when it is. */
export function EndpointStatusBadges({ endpoint }: { endpoint: WebhookEndpoint }) {
  const status = STATUS_BADGES[endpoint.status];
  return (
    <>
      <Badge variant={status.variant}>{status.label}</Badge>
      {endpoint.failureStreak > 0 && (
        <Badge
          variant="warning"
          title={
            endpoint.failingSince
              ? `Failing since ${formatDateTime(endpoint.failingSince)}`
              : undefined
          }
        >
          {endpoint.failureStreak} failed in a row
          {endpoint.failingSince && ` · since ${formatRelativeTime(endpoint.failingSince)}`}
        </Badge>
      )}
    </>
  );
}

const DELIVERY_BADGES: Record<WebhookDeliveryStatus, { variant: BadgeVariant; label: string }> = {
  pending: { variant: 'info', label: 'Pending' },
  delivered: { variant: 'success', label: 'Delivered' },
  failed: { variant: 'error', label: 'Failed' },
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const badge = DELIVERY_BADGES[status];
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}
