import type { ApiKeyUsageBucket } from '@ehr-gateway/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import { Skeleton } from '@/components/ui/skeleton';

/** Series colours readable on both themes' card backgrounds. */
const SERIES = [
  { key: 'succeeded', name: 'Succeeded', color: 'var(--color-chart-ok, #2563eb)' },
  { key: 'failed', name: 'Errors', color: 'var(--color-chart-error, #dc2626)' },
  { key: 'rateLimited', name: '429s', color: 'var(--color-chart-limited, #d97706)' },
] as const;

const hourLabel = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
const dayLabel = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function usageTotals(buckets: ApiKeyUsageBucket[]) {
  return buckets.reduce(
    (sum, bucket) => ({
      requests: sum.requests + bucket.requests,
      errors: sum.errors + bucket.errors,
      rateLimited: sum.rateLimited + bucket.rateLimited,
    }),
    { requests: 0, errors: 0, rateLimited: 0 },
  );
}

/** Requests per bucket, stacked: succeeded, other errors, and 429s. */
export function KeyUsageChart({
  buckets,
  unit,
  isPending,
}: {
  buckets: ApiKeyUsageBucket[] | undefined;
  unit: 'hour' | 'day';
  isPending: boolean;
}) {
  if (isPending || !buckets) {
    return <Skeleton className="h-48 w-full" />;
  }
  const totals = usageTotals(buckets);
  const data = buckets.map((bucket) => ({
    label: unit === 'hour' ? hourLabel(bucket.start) : dayLabel(bucket.start),
    succeeded: bucket.requests - bucket.errors,
    failed: bucket.errors - bucket.rateLimited,
    rateLimited: bucket.rateLimited,
  }));
  const period = unit === 'hour' ? 'the last 24 hours' : 'the last 30 days';
  const summary = `${totals.requests} requests in ${period}: ${totals.errors} errors, ${totals.rateLimited} refused with 429.`;
  return (
    <figure className="grid gap-2">
      <div role="img" aria-label={summary} className="h-48 w-full text-xs">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -20 }}>
            <CartesianGrid strokeDasharray="3 3" className="stroke-border" vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fill: 'currentColor' }}
              interval="preserveStartEnd"
              minTickGap={16}
            />
            <YAxis allowDecimals={false} tick={{ fill: 'currentColor' }} />
            <Tooltip
              contentStyle={{
                background: 'var(--color-popover)',
                borderColor: 'var(--color-border)',
                color: 'var(--color-popover-foreground)',
              }}
              itemStyle={{ color: 'var(--color-popover-foreground)' }}
            />
            {/* Legend text in the body colour: the series colours are too light for small text. */}
            <Legend
              formatter={(value: string) => <span className="text-foreground">{value}</span>}
            />
            {SERIES.map((series) => (
              <Bar
                key={series.key}
                dataKey={series.key}
                name={series.name}
                stackId="usage"
                fill={series.color}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
    </figure>
  );
}
