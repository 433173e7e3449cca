import type { AuditEvent } from '@ehr-gateway/contracts';
import { useState } from 'react';

import { ExportableListCard } from '@/components/exportable-list-card';
import { LoadMoreButton } from '@/components/load-more-button';

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
      <ExportableListCard
        title="Audit Events"
        description="Who did what in this console and the admin API, newest first. Events cannot be changed; each holds the hash of the one before it."
        aside={<AuditChainBadge />}
        exportHref={auditExportUrl(filters)}
      >
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
      </ExportableListCard>
      <AuditEventDialog event={selected} onOpenChange={(open) => !open && setSelected(null)} />
    </div>
  );
}
