import type { MetricGroupFigures } from '@ehr-gateway/contracts';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { MethodBadge } from '@/components/method-badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { logsLink } from '@/lib/console-links';

import { formatCount, formatLatency, formatRate } from '../lib/metric-format';

type SortKey = 'count' | 'errorRate' | 'p95';

const COLUMNS: Array<{ key: SortKey; label: string }> = [
  { key: 'count', label: 'Requests' },
  { key: 'errorRate', label: 'Error rate' },
  { key: 'p95', label: 'p95' },
];

const valueOf = (group: MetricGroupFigures, key: SortKey) =>
  key === 'p95' ? (group.totals.latency.p95 ?? -1) : group.totals[key];

/** The window's routes, sortable, each linking to its requests in the Logs screen. */
export function RoutesTable({
  groups,
  from,
  to,
}: {
  groups: MetricGroupFigures[];
  from: string;
  to: string;
}) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: 'count',
    descending: true,
  });
  const sorted = [...groups].sort((a, b) => {
    const difference = valueOf(a, sort.key) - valueOf(b, sort.key);
    return sort.descending ? -difference : difference;
  });

  return (
    <Table>
      <caption className="sr-only">
        Routes in this period, sortable by requests, error rate and p95
      </caption>
      <TableHeader>
        <TableRow>
          <TableHead>Route</TableHead>
          {COLUMNS.map((column) => {
            const active = sort.key === column.key;
            return (
              <TableHead
                key={column.key}
                className="text-right"
                aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
              >
                <button
                  type="button"
                  className="inline-flex items-center gap-1 rounded-sm font-medium hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  onClick={() =>
                    setSort({ key: column.key, descending: active ? !sort.descending : true })
                  }
                >
                  {column.label}
                  {active &&
                    (sort.descending ? (
                      <ArrowDown className="size-3.5" aria-hidden="true" />
                    ) : (
                      <ArrowUp className="size-3.5" aria-hidden="true" />
                    ))}
                </button>
              </TableHead>
            );
          })}
        </TableRow>
      </TableHeader>
      <TableBody>
        {sorted.map((group) => (
          <TableRow key={group.key}>
            <TableCell>
              <Link
                to={logsLink({
                  method: group.method,
                  route: group.route || undefined,
                  // Requests no route matched were answered 404.
                  status: group.route ? undefined : '404',
                  from,
                  to,
                })}
                className="inline-flex items-center gap-2 rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <MethodBadge method={group.method ?? ''} />{' '}
                <code className="font-mono text-xs whitespace-nowrap">
                  {group.route || '(no matching route)'}
                </code>
                {/* Named by what it shows, then what it does (axe label-content-name-mismatch). */}
                <span className="sr-only">: show these requests in Logs</span>
              </Link>
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {formatCount(group.totals.count)}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {formatRate(group.totals.errorRate)}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {formatLatency(group.totals.latency.p95)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
