import { useState } from 'react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

import { useLogs, type LogFilters } from '../api/get-logs';
import { LogDetailsDialog } from './log-details-dialog';
import { INITIAL_LIMIT, LogsFilterCard } from './logs-filter-card';
import { LogsTable } from './logs-table';

const LOGS_REFRESH_MS = 30_000;

export function LogsView() {
  const [filters, setFilters] = useState<LogFilters>({ limit: INITIAL_LIMIT });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const { data, isPending, isError, refetch } = useLogs(filters, {
    refetchInterval: LOGS_REFRESH_MS,
  });

  function applyFilters(next: LogFilters) {
    const unchanged =
      next.endpoint === filters.endpoint &&
      next.source === filters.source &&
      next.limit === filters.limit;
    if (unchanged) {
      void refetch();
    } else {
      setFilters(next);
    }
  }

  return (
    <div className="space-y-6">
      <LogsFilterCard initialFilters={filters} onApply={applyFilters} />
      <Card>
        <CardHeader>
          <CardTitle>Logs</CardTitle>
          <CardDescription>
            {data ? `${data.length} ${data.length === 1 ? 'entry' : 'entries'}, newest first` : ' '}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <LogsTable
            logs={data}
            isPending={isPending}
            isError={isError}
            emptyMessage="No logs found matching the current filters"
            skeletonRows={8}
            caption="Request logs"
            onViewDetails={(log) => setSelectedId(log.id)}
          />
        </CardContent>
      </Card>
      <LogDetailsDialog
        logId={selectedId}
        onOpenChange={(open) => {
          if (!open) {
            setSelectedId(null);
          }
        }}
      />
    </div>
  );
}
