import type { MetricFigures } from '@ehr-gateway/contracts';

import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

import {
  changeOf,
  formatCount,
  formatLatency,
  formatRate,
  type Change,
} from '../lib/metric-format';

const TONE_CLASSES: Record<Change['tone'], string> = {
  better: 'text-green-700 dark:text-green-400',
  worse: 'text-red-700 dark:text-red-400',
  neutral: 'text-muted-foreground',
};

function Tile({ label, value, change }: { label: string; value: string; change: Change | null }) {
  return (
    <Card className="gap-1 p-4">
      <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
      {/* A figure, not a paragraph: axe (p-as-heading) reads a large bold <p> under a heading as a fake heading. */}
      <div className="text-2xl font-semibold tabular-nums">{value}</div>
      <p className={cn('text-xs', change ? TONE_CLASSES[change.tone] : 'text-muted-foreground')}>
        {change ? `${change.text} vs previous period` : 'nothing to compare with'}
      </p>
    </Card>
  );
}

/** The headline figures of the window, each against the window of the same length before it. */
export function MetricTiles({
  totals,
  previous,
}: {
  totals: MetricFigures | undefined;
  previous: MetricFigures | undefined;
}) {
  if (!totals || !previous) {
    return (
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-busy="true">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-[104px] rounded-xl" />
        ))}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <Tile
        label="Requests"
        value={formatCount(totals.count)}
        change={changeOf(totals.count, previous.count, 'count')}
      />
      <Tile
        label="Error rate"
        value={formatRate(totals.errorRate)}
        change={
          totals.count && previous.count
            ? changeOf(totals.errorRate, previous.errorRate, 'rate')
            : null
        }
      />
      <Tile
        label="p95 latency"
        value={formatLatency(totals.latency.p95)}
        change={changeOf(totals.latency.p95, previous.latency.p95, 'latency')}
      />
      <Tile
        label="Rate limited (429)"
        value={formatCount(totals.rateLimited)}
        change={changeOf(totals.rateLimited, previous.rateLimited, 'errors')}
      />
    </div>
  );
}
