import { Webhook } from 'lucide-react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/lib/current-user';

import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { WebhookEndpointRow } from './webhook-endpoint-row';

export const NO_ENDPOINTS_MESSAGE =
  'No webhook endpoints yet. Add one to receive appointment and patient changes as they happen.';

function EndpointsSkeleton() {
  return (
    <ul
      aria-busy="true"
      aria-label="Loading webhook endpoints"
      className="divide-y rounded-lg border"
    >
      {Array.from({ length: 2 }, (_, index) => (
        <li key={index} className="space-y-2 p-3">
          <Skeleton className="h-4 w-64 max-w-full" />
          <Skeleton className="h-3 w-40" />
          <Skeleton className="h-8 w-56" />
        </li>
      ))}
    </ul>
  );
}

/** Every endpoint the gateway delivers to, its health, and its deliveries. */
export function WebhookEndpointsCard() {
  const canManage = useCan('webhooks:manage');
  const { data, isPending, isError } = useWebhookEndpoints();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Endpoints</CardTitle>
        <CardDescription>
          Signed deliveries (Standard Webhooks) to receivers that subscribe to appointment and
          patient changes, from any EHR the gateway serves.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <EndpointsSkeleton />
        ) : isError ? (
          <EmptyState icon={<Webhook />} title="Endpoints could not be loaded">
            Refresh the page to try again.
          </EmptyState>
        ) : data.length === 0 ? (
          <EmptyState icon={<Webhook />} title="No endpoints">
            {NO_ENDPOINTS_MESSAGE}
          </EmptyState>
        ) : (
          <ul aria-label="Webhook endpoints" className="divide-y rounded-lg border">
            {data.map((endpoint) => (
              <WebhookEndpointRow key={endpoint.id} endpoint={endpoint} canManage={canManage} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
