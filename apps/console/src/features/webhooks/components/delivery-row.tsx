import type { WebhookDelivery } from '@ehr-gateway/contracts';
import { ChevronDown, ChevronRight, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/status-badge';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { toast } from '@/lib/toast';

import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery';
import { webhookErrorMessage } from '../lib/error-message';
import { DeliveryAttempts } from './delivery-attempts';
import { DeliveryStatusBadge } from './endpoint-badges';

function DeliveryTiming({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
      <span title={formatDateTime(delivery.occurredAt)}>
        Occurred {formatRelativeTime(delivery.occurredAt)}
      </span>
      <span>
        {delivery.attemptCount} {delivery.attemptCount === 1 ? 'attempt' : 'attempts'}
      </span>
      {delivery.deliveredAt && (
        <span title={formatDateTime(delivery.deliveredAt)}>
          Delivered {formatRelativeTime(delivery.deliveredAt)}
        </span>
      )}
      {delivery.status === 'pending' && delivery.nextAttemptAt && (
        <span>Next attempt {formatDateTime(delivery.nextAttemptAt)}</span>
      )}
    </p>
  );
}

/** One delivery: its event, outcome and timing; opens to its attempts; replays on request. */
export function DeliveryRow({
  delivery,
  canManage,
}: {
  delivery: WebhookDelivery;
  canManage: boolean;
}) {
  const attemptsId = useId();
  const [open, setOpen] = useState(false);
  const replay = useReplayWebhookDelivery();
  const onReplay = () =>
    replay.mutate(delivery.id, {
      onSuccess: () =>
        toast.success('Delivery Queued', {
          description: `${delivery.eventType} goes out again with the same webhook-id.`,
        }),
      onError: (error) =>
        toast.error('Error', {
          description: webhookErrorMessage(error, 'Failed to replay the delivery.'),
        }),
    });
  return (
    <li className="space-y-2 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="ghost"
          size="icon-sm"
          aria-expanded={open}
          aria-controls={attemptsId}
          aria-label={`${open ? 'Hide' : 'Show'} attempts of ${delivery.eventType} ${formatDateTime(delivery.occurredAt)}`}
          onClick={() => setOpen(!open)}
        >
          {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
        </Button>
        <code className="font-mono text-xs font-semibold">{delivery.eventType}</code>
        <DeliveryStatusBadge status={delivery.status} />
        {delivery.lastResponseStatus !== null && (
          <StatusBadge status={delivery.lastResponseStatus} />
        )}
        {canManage && (
          <Button
            variant="outline"
            size="sm"
            className="ml-auto"
            disabled={replay.isPending}
            onClick={onReplay}
          >
            <RotateCcw aria-hidden="true" />
            Replay
          </Button>
        )}
      </div>
      <DeliveryTiming delivery={delivery} />
      <div id={attemptsId} hidden={!open}>
        {open && <DeliveryAttempts deliveryId={delivery.id} />}
      </div>
    </li>
  );
}
