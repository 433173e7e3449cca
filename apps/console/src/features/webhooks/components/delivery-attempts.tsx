import type { WebhookAttempt } from '@ehr-gateway/contracts';

import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/status-badge';
import { formatDateTime, formatResponseTime } from '@/lib/format';

import { useWebhookDelivery } from '../api/get-webhook-delivery';

const OUTCOME_LABELS: Record<WebhookAttempt['outcome'], string> = {
  delivered: 'Delivered',
  'http-error': 'Error answer',
  timeout: 'Timed out',
  'network-error': 'Network error',
  'refused-address': 'Address refused',
};

function AttemptItem({ attempt }: { attempt: WebhookAttempt }) {
  return (
    <li className="space-y-1 p-2">
      <p className="flex flex-wrap items-center gap-2 text-xs">
        <Badge variant={attempt.outcome === 'delivered' ? 'success' : 'error'}>
          {OUTCOME_LABELS[attempt.outcome]}
        </Badge>
        {attempt.responseStatus !== null && <StatusBadge status={attempt.responseStatus} />}
        <span className="text-muted-foreground">{formatDateTime(attempt.attemptedAt)}</span>
        <span className="text-muted-foreground">{formatResponseTime(attempt.durationMs)}</span>
      </p>
      {attempt.error && <p className="text-xs text-muted-foreground">{attempt.error}</p>}
      {attempt.responseExcerpt && (
        <pre className="max-h-32 overflow-auto rounded bg-muted p-2 font-mono text-xs break-all whitespace-pre-wrap">
          {attempt.responseExcerpt}
        </pre>
      )}
    </li>
  );
}

/** A delivery's attempts, newest first, loaded when the row opens. */
export function DeliveryAttempts({ deliveryId }: { deliveryId: string }) {
  const { data, isPending, isError } = useWebhookDelivery(deliveryId, true);
  if (isPending) {
    return <Skeleton className="h-12 w-full" aria-label="Loading attempts" />;
  }
  if (isError) {
    return <p className="text-sm text-muted-foreground">The attempts could not be loaded.</p>;
  }
  if (data.attempts.length === 0) {
    return <p className="text-sm text-muted-foreground">No attempt yet.</p>;
  }
  return (
    <ol aria-label="Attempts" className="divide-y rounded-md border">
      {data.attempts.map((attempt) => (
        <AttemptItem key={attempt.id} attempt={attempt} />
      ))}
    </ol>
  );
}
