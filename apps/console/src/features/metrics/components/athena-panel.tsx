import type { EhrStatus, MetricGroupFigures } from '@ehr-gateway/contracts';
import { Link } from 'react-router';

import { DetailField } from '@/components/detail-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeading } from '@/components/ui/card';
import { ATHENA_SETUP_LINK, logsLink } from '@/lib/console-links';

import { formatCount, formatLatency, formatRate } from '../lib/metric-format';

const BREAKER_LABELS = {
  closed: { text: 'Closed (calling athena)', variant: 'success' },
  'half-open': { text: 'Half-open (trying again)', variant: 'warning' },
  open: { text: 'Open (not calling athena)', variant: 'error' },
} as const;

/** athena as the gateway sees it: its traffic in the window and the connection's state now. */
export function AthenaPanel({
  group,
  status,
  from,
  to,
}: {
  group: MetricGroupFigures | undefined;
  status: EhrStatus['athena'] | undefined;
  from: string;
  to: string;
}) {
  const totals = group?.totals;
  const breaker = status?.breakerState ? BREAKER_LABELS[status.breakerState] : null;
  return (
    <Card>
      <CardHeading
        title="Athena EHR upstream"
        description="Calls answered from athena in this period, and the connection now"
        className="gap-3 sm:flex-row sm:items-start sm:justify-between"
      >
        <Button variant="outline" size="sm" asChild>
          <Link to={logsLink({ source: 'athena', from, to })}>Athena requests in Logs</Link>
        </Button>
      </CardHeading>
      <CardContent>
        {status && !status.configured ? (
          <p className="text-sm text-muted-foreground">
            Athena is not configured on this gateway.{' '}
            <Link
              to={ATHENA_SETUP_LINK}
              className="font-medium text-primary underline-offset-4 hover:underline dark:text-blue-300"
            >
              How to connect athena
            </Link>
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            <DetailField label="Connection">
              {status ? (
                <Badge variant={status.status === 'connected' ? 'success' : 'error'}>
                  {status.status === 'connected' ? 'Connected' : 'Disconnected'}
                </Badge>
              ) : (
                '—'
              )}
            </DetailField>
            <DetailField label="Requests">{formatCount(totals?.count ?? 0)}</DetailField>
            <DetailField label="Error rate">{formatRate(totals?.errorRate ?? 0)}</DetailField>
            <DetailField label="Upstream p50 / p95">
              {formatLatency(totals?.upstream.p50 ?? null)} /{' '}
              {formatLatency(totals?.upstream.p95 ?? null)}
            </DetailField>
            <DetailField label="Circuit breaker">
              {breaker ? <Badge variant={breaker.variant}>{breaker.text}</Badge> : '—'}
            </DetailField>
            <DetailField label="Token refreshes">
              {status ? formatCount(status.tokenRefreshes) : '—'}
              <span className="block text-xs text-muted-foreground">
                since this instance started
              </span>
            </DetailField>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
