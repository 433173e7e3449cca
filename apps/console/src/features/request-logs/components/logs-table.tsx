import type { LogEntrySummary } from '@ehr-gateway/contracts';

import { RelativeTime } from '@/components/relative-time';
import { MethodBadge } from '@/components/method-badge';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeletonRows,
  STACKED_ROW,
} from '@/components/ui/table';
import { formatResponseTime } from '@/lib/format';

import { sourceLabel } from './source-label';

export interface LogsTableProps {
  logs: LogEntrySummary[] | undefined;
  isPending: boolean;
  isError?: boolean;
  emptyMessage: string;
  skeletonRows?: number;
  onViewDetails?: (log: LogEntrySummary) => void;
  caption?: string;
}

export function LogsTable({
  logs,
  isPending,
  isError = false,
  emptyMessage,
  skeletonRows = 5,
  onViewDetails,
  caption,
}: LogsTableProps) {
  const columns = onViewDetails ? 7 : 6;
  return (
    <Table aria-busy={isPending || undefined}>
      {caption && <caption className="sr-only">{caption}</caption>}
      {/* On a phone each entry is a short stack (path, then time, method, status, duration and
          source on wrapping lines) instead of columns scrolled out of sight. */}
      <TableHeader className="max-sm:sr-only">
        <TableRow className="hover:bg-transparent">
          <TableHead>Timestamp</TableHead>
          <TableHead>Endpoint</TableHead>
          <TableHead>Method</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Response Time</TableHead>
          <TableHead>Source</TableHead>
          {onViewDetails && (
            <TableHead>
              <span>Actions</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {isPending ? (
          <TableSkeletonRows rows={skeletonRows} columns={columns} />
        ) : isError && !logs?.length ? (
          <TableEmpty colSpan={columns}>Failed to load logs. Please try again.</TableEmpty>
        ) : !logs?.length ? (
          <TableEmpty colSpan={columns}>{emptyMessage}</TableEmpty>
        ) : (
          logs.map((log) => (
            <TableRow key={log.id} className={STACKED_ROW}>
              <TableCell className="whitespace-nowrap max-sm:order-1">
                <RelativeTime at={log.timestamp} />
              </TableCell>
              <TableCell
                className="max-w-[22rem] truncate font-mono text-xs max-sm:max-w-full max-sm:basis-full"
                title={log.endpoint}
              >
                {log.endpoint}
              </TableCell>
              <TableCell className="max-sm:order-2">
                <MethodBadge method={log.method} />
              </TableCell>
              <TableCell className="max-sm:order-3">
                <StatusBadge status={log.status} />
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums max-sm:order-4">
                {formatResponseTime(log.responseTime)}
              </TableCell>
              <TableCell className="whitespace-nowrap max-sm:order-5">
                {sourceLabel(log.source)}
              </TableCell>
              {onViewDetails && (
                <TableCell className="max-sm:order-6 max-sm:ml-auto">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onViewDetails(log)}
                    aria-label={`View Details of ${log.method} ${log.endpoint}`}
                  >
                    View Details
                  </Button>
                </TableCell>
              )}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
