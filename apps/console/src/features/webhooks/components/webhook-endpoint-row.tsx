import type { WebhookEndpoint } from '@ehr-gateway/contracts';
import { Pause, Play, Send } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';

import { useSendWebhookTestEvent } from '../api/send-webhook-test-event';
import { useSetWebhookEndpointPaused } from '../api/set-webhook-endpoint-paused';
import { webhookErrorMessage } from '../lib/error-message';
import { EndpointDeliveriesDialog } from './endpoint-deliveries-dialog';
import { EndpointMenu } from './endpoint-menu';
import { EndpointStatusBadges } from './endpoint-badges';

function EndpointActions({ endpoint }: { endpoint: WebhookEndpoint }) {
  const test = useSendWebhookTestEvent(endpoint.id);
  const setPaused = useSetWebhookEndpointPaused(endpoint.id);
  const running = endpoint.status === 'active';
  const onTest = () =>
    test.mutate(undefined, {
      onSuccess: () =>
        toast.success('Test Event Queued', {
          description: `endpoint.test goes to ${endpoint.url}`,
        }),
      onError: (error) =>
        toast.error('Error', { description: webhookErrorMessage(error, 'Failed to send.') }),
    });
  const onPause = () =>
    setPaused.mutate(running, {
      onError: (error) =>
        toast.error('Error', { description: webhookErrorMessage(error, 'Failed to change it.') }),
    });
  return (
    <>
      <Button variant="outline" size="sm" disabled={test.isPending} onClick={onTest}>
        <Send aria-hidden="true" />
        Send test
      </Button>
      <Button variant="outline" size="sm" disabled={setPaused.isPending} onClick={onPause}>
        {running ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        {running ? 'Pause' : 'Resume'}
      </Button>
      <EndpointMenu endpoint={endpoint} />
    </>
  );
}

/** One endpoint: where it points, its state, what it receives, and what can be done with it. */
export function WebhookEndpointRow({
  endpoint,
  canManage,
}: {
  endpoint: WebhookEndpoint;
  canManage: boolean;
}) {
  return (
    <li className="space-y-2 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-mono text-sm font-medium break-all">{endpoint.url}</p>
        <EndpointStatusBadges endpoint={endpoint} />
        {endpoint.payload === 'full' ? (
          <Badge variant="warning">Full patient data</Badge>
        ) : (
          <Badge variant="outline">Ids only</Badge>
        )}
        {endpoint.phiApproved && <Badge variant="info">PHI-approved</Badge>}
      </div>
      {endpoint.description && <p className="text-sm">{endpoint.description}</p>}
      <div className="flex flex-wrap gap-1" aria-label="Events">
        {endpoint.events.map((type) => (
          <Badge key={type} variant="secondary" className="font-mono font-medium">
            {type}
          </Badge>
        ))}
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
        <span title={formatDateTime(endpoint.createdAt)}>
          Created {formatDate(endpoint.createdAt)}
        </span>
        <span>
          {endpoint.ownerKeyId
            ? `Registered by key ${endpoint.ownerKeyId}`
            : 'Added by an administrator'}
        </span>
        {endpoint.practiceIds && <span>Practices {endpoint.practiceIds.join(', ')}</span>}
        {endpoint.previousSecretExpiresAt && (
          <span>Old secret signs until {formatDateTime(endpoint.previousSecretExpiresAt)}</span>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <EndpointDeliveriesDialog endpoint={endpoint} />
        {canManage && <EndpointActions endpoint={endpoint} />}
      </div>
    </li>
  );
}
