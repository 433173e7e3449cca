import type { AuditEvent } from '@ehr-gateway/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';

import { LoadMoreButton } from '@/components/load-more-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

import { auditExportUrl, useAuditEvents, type AuditFilters } from '../api/get-audit-events';
import { AuditChainBadge } from './audit-chain-badge';
import { AuditEventDialog } from './audit-event-dialog';
import { AuditFiltersCard } from './audit-filters-card';
import { AuditTable } from './audit-table';

export function AuditLogView() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [selected, setSelected] = useState<AuditEvent | null>(null);
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useAuditEvents(filters);
  const events = data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <div className="space-y-6">
      <AuditFiltersCard initialFilters={filters} onApply={setFilters} />
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div className="space-y-1.5">
            <CardTitle>Audit Events</CardTitle>
            <CardDescription>
              Who did what in this console and the admin API, newest first. Events cannot be
              changed; each holds the hash of the one before it.
            </CardDescription>
            <AuditChainBadge />
          </div>
          <Button variant="outline" asChild>
            <a href={auditExportUrl(filters)} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        </CardHeader>
        <CardContent className="space-y-4">
          <AuditTable
            events={events}
            isPending={isPending}
            isError={isError}
            onViewDetails={setSelected}
          />
          <LoadMoreButton
            hasNextPage={hasNextPage}
            isFetchingNextPage={isFetchingNextPage}
            fetchNextPage={fetchNextPage}
          >
            Load older events
          </LoadMoreButton>
        </CardContent>
      </Card>
      <AuditEventDialog event={selected} onOpenChange={(open) => !open && setSelected(null)} />
    </div>
  );
}
