import type { ApiKeySummary } from '@ehr-gateway/contracts';
import { Settings2 } from 'lucide-react';
import { lazy, Suspense } from 'react';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';

// The drawer's forms (scopes, limits, rotation) and their schemas load when a drawer first
// opens, so the Dashboard's key list does not carry them.
const ApiKeyDetailsBody = lazy(() =>
  import('./api-key-details-body').then((module) => ({ default: module.ApiKeyDetailsBody })),
);

/** One key in full, in a drawer opened from its row. */
export function ApiKeyDetailsDialog({ apiKey }: { apiKey: ApiKeySummary }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Details of API key ${apiKey.name}`}
          title="Details"
        >
          <Settings2 aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent className="top-0 right-0 left-auto h-dvh max-h-dvh w-full translate-x-0 translate-y-0 content-start rounded-none sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{apiKey.name}</DialogTitle>
          <DialogDescription className="font-mono text-xs">{apiKey.key}</DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Skeleton className="h-48 w-full" />}>
          <ApiKeyDetailsBody apiKey={apiKey} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
