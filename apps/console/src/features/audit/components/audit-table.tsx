import { AUDIT_ACTIONS, type AuditEvent } from '@ehr-gateway/contracts';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime, formatRelativeTime } from '@/lib/format';

import { actorLabel, RESULT_LABELS, RESULT_VARIANTS } from './audit-labels';

const COLUMNS = 6;

export function AuditTable({
  events,
  isPending,
  isError,
  onViewDetails,
}: {
  events: AuditEvent[];
  isPending: boolean;
  isError: boolean;
  onViewDetails: (event: AuditEvent) => void;
}) {
  return (
    <Table aria-busy={isPending || undefined}>
      <caption className="sr-only">Audit events, newest first</caption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Time</TableHead>
          <TableHead>Actor</TableHead>
          <TableHead>Action</TableHead>
          <TableHead>Target</TableHead>
          <TableHead>Result</TableHead>
          <TableHead>
            <span className="sr-only">Details</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {isPending ? (
          Array.from({ length: 5 }, (_, index) => (
            <TableRow key={index} className="hover:bg-transparent">
              {Array.from({ length: COLUMNS }, (_, cell) => (
                <TableCell key={cell}>
                  <Skeleton className="h-4 w-full min-w-12" />
                </TableCell>
              ))}
            </TableRow>
          ))
        ) : isError && events.length === 0 ? (
          <TableEmpty colSpan={COLUMNS}>Failed to load the audit log. Please try again.</TableEmpty>
        ) : events.length === 0 ? (
          <TableEmpty colSpan={COLUMNS}>No audit events match these filters.</TableEmpty>
        ) : (
          events.map((event) => (
            <TableRow key={event.id}>
              <TableCell className="whitespace-nowrap">
                <time dateTime={event.at} title={formatDateTime(event.at)}>
                  {formatRelativeTime(event.at)}
                </time>
              </TableCell>
              <TableCell className="max-w-[14rem] truncate" title={actorLabel(event.actor)}>
                {actorLabel(event.actor)}
              </TableCell>
              <TableCell className="whitespace-nowrap">{AUDIT_ACTIONS[event.action]}</TableCell>
              <TableCell
                className="max-w-[14rem] truncate font-mono text-xs"
                title={event.target ?? undefined}
              >
                {event.target ?? '—'}
              </TableCell>
              <TableCell>
                <Badge variant={RESULT_VARIANTS[event.result]}>{RESULT_LABELS[event.result]}</Badge>
              </TableCell>
              <TableCell>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onViewDetails(event)}
                  aria-label={`View details of ${AUDIT_ACTIONS[event.action]} by ${actorLabel(event.actor)}, ${formatDateTime(event.at)}`}
                >
                  Details
                </Button>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
