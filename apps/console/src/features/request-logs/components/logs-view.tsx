import { ExportableListCard } from '@/components/exportable-list-card';
import { LoadMoreButton } from '@/components/load-more-button';

import { logsExportUrl, useLogPages } from '../api/get-logs';
import { sameFilters, searchFromFilters, type LogViewFilters } from '../lib/log-view-filters';
import { LogDetailsDialog } from './log-details-dialog';
import { LogsFilterCard } from './logs-filter-card';
import { LogsTable } from './logs-table';

const LOGS_REFRESH_MS = 30_000;

/**
 * The Logs screen. Its filters and the entry shown in detail belong to the URL (the route passes
 * them in and is told of changes), so a filtered view or one entry can be shared as a link.
 */
export function LogsView({
  filters,
  onFiltersChange,
  openLogId = null,
  onOpenLog,
}: {
  filters: LogViewFilters;
  onFiltersChange: (filters: LogViewFilters) => void;
  openLogId?: string | null;
  onOpenLog: (id: string | null) => void;
}) {
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useLogPages(filters, { refetchInterval: LOGS_REFRESH_MS });
  const logs = data?.pages.flatMap((page) => page.logs);

  function applyFilters(next: LogViewFilters) {
    if (sameFilters(next, filters)) {
      void refetch();
    } else {
      onFiltersChange(next);
    }
  }

  return (
    <div className="space-y-6">
      {/* Keyed by the filters, so Back and a pasted link show their own values in the form. */}
      <LogsFilterCard
        key={searchFromFilters(filters).toString()}
        initialFilters={filters}
        onApply={applyFilters}
      />
      <ExportableListCard
        title="Logs"
        description={
          logs
            ? `${logs.length}${hasNextPage ? '+' : ''} ${logs.length === 1 ? 'entry' : 'entries'}, newest first`
            : ' '
        }
        exportHref={logsExportUrl(filters)}
      >
        <LogsTable
          logs={logs}
          isPending={isPending}
          isError={isError}
          emptyMessage="No logs found matching the current filters"
          skeletonRows={8}
          caption="Request logs"
          onViewDetails={(log) => onOpenLog(log.id)}
        />
        <LoadMoreButton
          hasNextPage={hasNextPage}
          isFetchingNextPage={isFetchingNextPage}
          fetchNextPage={fetchNextPage}
        >
          Load more
        </LoadMoreButton>
      </ExportableListCard>
      <LogDetailsDialog
        logId={openLogId}
        onOpenChange={(open) => {
          if (!open) {
            onOpenLog(null);
          }
        }}
      />
    </div>
  );
}
