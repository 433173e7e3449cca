import type { WebhookEndpoint } from '@ehr-gateway/contracts';
import { History, Inbox } from 'lucide-react';

import { LoadMoreButton } from '@/components/load-more-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/lib/current-user';

import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { DeliveryRow } from './delivery-row';

function DeliveryList({ endpointId }: { endpointId: string }) {
  const canManage = useCan('webhooks:manage');
  const deliveries = useWebhookDeliveries(endpointId);
  if (deliveries.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading deliveries" className="space-y-2">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  const items = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [];
  if (items.length === 0) {
    return (
      <EmptyState icon={<Inbox />} title="No deliveries yet">
        Events this endpoint subscribes to appear here as they happen. Send a test event to try it.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-3">
      <ul aria-label="Deliveries" className="divide-y rounded-lg border">
        {items.map((delivery) => (
          <DeliveryRow key={delivery.id} delivery={delivery} canManage={canManage} />
        ))}
      </ul>
      <LoadMoreButton
        hasNextPage={deliveries.hasNextPage}
        isFetchingNextPage={deliveries.isFetchingNextPage}
        fetchNextPage={deliveries.fetchNextPage}
      >
        Load older deliveries
      </LoadMoreButton>
    </div>
  );
}

/** An endpoint's deliveries, newest first, each with its attempts, answer codes and timing. */
export function EndpointDeliveriesDialog({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Deliveries to ${endpoint.url}`}>
          <History aria-hidden="true" />
          Deliveries
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Deliveries</DialogTitle>
          <DialogDescription className="break-all">{endpoint.url}</DialogDescription>
        </DialogHeader>
        <DeliveryList endpointId={endpoint.id} />
      </DialogContent>
    </Dialog>
  );
}
