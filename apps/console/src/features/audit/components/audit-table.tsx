import { AUDIT_ACTIONS, type AuditEvent } from '@ehr-gateway/contracts';

import { RelativeTime } from '@/components/relative-time';
import { Badge } from '@/components/ui/badge';
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
import { formatDateTime } from '@/lib/format';

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
      {/* On a phone each event is a short stack: the action, then time, actor, target, result. */}
      <TableHeader className="max-sm:sr-only">
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
          <TableSkeletonRows rows={5} columns={COLUMNS} />
        ) : isError && events.length === 0 ? (
          <TableEmpty colSpan={COLUMNS}>Failed to load the audit log. Please try again.</TableEmpty>
        ) : events.length === 0 ? (
          <TableEmpty colSpan={COLUMNS}>No audit events match these filters.</TableEmpty>
        ) : (
          events.map((event) => (
            <TableRow key={event.id} className={STACKED_ROW}>
              <TableCell className="whitespace-nowrap max-sm:order-2">
                <RelativeTime at={event.at} />
              </TableCell>
              <TableCell
                className="max-w-[14rem] truncate max-sm:order-3"
                title={actorLabel(event.actor)}
              >
                {actorLabel(event.actor)}
              </TableCell>
              <TableCell className="font-medium whitespace-nowrap max-sm:order-1 max-sm:basis-full sm:font-normal">
                {AUDIT_ACTIONS[event.action]}
              </TableCell>
              <TableCell
                className="max-w-[14rem] truncate font-mono text-xs max-sm:order-4"
                title={event.target ?? undefined}
              >
                {event.target ?? '—'}
              </TableCell>
              <TableCell className="max-sm:order-5">
                <Badge variant={RESULT_VARIANTS[event.result]}>{RESULT_LABELS[event.result]}</Badge>
              </TableCell>
              <TableCell className="max-sm:order-6 max-sm:ml-auto">
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
