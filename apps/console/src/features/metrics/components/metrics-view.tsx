import {
  CONSOLE_PATHS,
  METRIC_INTERVALS,
  METRIC_RANGES,
  type EhrStatus,
  type MetricRange,
} from '@ehr-gateway/contracts';
import { Activity, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';

import { SegmentedControl } from '@/components/ui/segmented-control';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ENDPOINTS_SEARCH, ENDPOINTS_VIEWS } from '@/lib/console-links';
import { cn } from '@/lib/utils';

import { METRICS_REFRESH_MS, useMetrics } from '../api/get-metrics';
import { errorsBySource, latencyRows, requestsByStatus } from '../lib/chart-data';
import { hasTraffic } from '../lib/metric-format';
import { AthenaPanel } from './athena-panel';
import { PercentilesChart, StackedBarsChart } from './metric-charts';
import { MetricTiles } from './metric-tiles';
import { RoutesTable } from './routes-table';

const RANGES = Object.entries(METRIC_RANGES) as Array<
  [MetricRange, (typeof METRIC_RANGES)[MetricRange]]
>;

function RangePicker({
  range,
  onChange,
}: {
  range: MetricRange;
  onChange: (range: MetricRange) => void;
}) {
  return (
    <SegmentedControl
      label="Time range"
      options={RANGES.map(([value, { label }]) => ({ value, label: value, description: label }))}
      value={range}
      onChange={onChange}
      pressedVariant="default"
      className="gap-1 rounded-lg bg-card p-1"
    />
  );
}

/** The Metrics screen: headline figures, charts, routes and the athena upstream for a range. */
export function MetricsView({
  range,
  onRangeChange,
  athenaStatus,
}: {
  range: MetricRange;
  onRangeChange: (range: MetricRange) => void;
  athenaStatus: EhrStatus['athena'] | undefined;
}) {
  const byStatus = useMetrics(range, 'status');
  const bySource = useMetrics(range, 'source');
  const byRoute = useMetrics(range, 'route');
  const { autoRefresh, label } = METRIC_RANGES[range];
  const status = byStatus.data;
  const intervalSeconds = status ? METRIC_INTERVALS[status.interval] : 60;
  const quiet = status && !hasTraffic(status.totals) && !hasTraffic(status.previous);
  const refreshing = byStatus.isFetching || bySource.isFetching || byRoute.isFetching;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <RangePicker range={range} onChange={onRangeChange} />
        <p className="flex items-center gap-2 text-xs text-muted-foreground" aria-live="polite">
          <RefreshCw className={cn('size-3.5', refreshing && 'animate-spin')} aria-hidden="true" />
          {autoRefresh
            ? `${label}, refreshed every ${METRICS_REFRESH_MS / 1000} seconds`
            : `${label}; reload to refresh`}
        </p>
      </div>

      {byStatus.isError ? (
        <EmptyState title="Metrics could not be loaded">Try again in a moment.</EmptyState>
      ) : quiet ? (
        <EmptyState icon={<Activity />} title="No traffic yet">
          <p>
            Requests through the gateway appear here within seconds. Send one from the{' '}
            <Link
              className="font-medium text-primary underline-offset-4 hover:underline dark:text-blue-300"
              to={`${CONSOLE_PATHS.endpoints}?${ENDPOINTS_SEARCH.view}=${ENDPOINTS_VIEWS.tester}`}
            >
              API Tester
            </Link>
            , or choose a longer time range.
          </p>
        </EmptyState>
      ) : (
        <>
          <MetricTiles totals={status?.totals} previous={status?.previous} />
          <Card>
            <CardHeader>
              <CardTitle>Traffic</CardTitle>
              <CardDescription>
                Per {status?.interval ?? 'interval'}, from{' '}
                {status ? new Date(status.from).toLocaleString() : '…'}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-8 lg:grid-cols-2">
              {status ? (
                <>
                  <StackedBarsChart
                    title="Requests by status class"
                    description="Every answered request, stacked by its status class"
                    stacked={requestsByStatus(status)}
                    intervalSeconds={intervalSeconds}
                    colours="status"
                  />
                  {bySource.data ? (
                    <StackedBarsChart
                      title="Errors by source"
                      description="4xx and 5xx answers, by where they were answered from"
                      stacked={errorsBySource(bySource.data)}
                      intervalSeconds={intervalSeconds}
                    />
                  ) : (
                    <Skeleton className="h-72" />
                  )}
                  <PercentilesChart
                    title="Latency"
                    description="The whole request as the client saw it: p50, p95 and p99"
                    rows={latencyRows(status, 'latency')}
                    intervalSeconds={intervalSeconds}
                    emptyMessage="No requests in this period"
                  />
                  <PercentilesChart
                    title="Upstream latency"
                    description="Time spent waiting on the EHR, over requests that called it"
                    rows={latencyRows(status, 'upstream')}
                    intervalSeconds={intervalSeconds}
                    emptyMessage="No calls to an EHR in this period"
                  />
                </>
              ) : (
                Array.from({ length: 4 }, (_, index) => <Skeleton key={index} className="h-72" />)
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Routes</CardTitle>
              <CardDescription>
                By route template; open one to see its requests in Logs
              </CardDescription>
            </CardHeader>
            <CardContent>
              {byRoute.data ? (
                <RoutesTable
                  groups={byRoute.data.groups}
                  from={byRoute.data.from}
                  to={byRoute.data.to}
                />
              ) : (
                <Skeleton className="h-40" />
              )}
            </CardContent>
          </Card>
          {status && (
            <AthenaPanel
              group={bySource.data?.groups.find((group) => group.key === 'athena')}
              status={athenaStatus}
              from={status.from}
              to={status.to}
            />
          )}
        </>
      )}
    </div>
  );
}
