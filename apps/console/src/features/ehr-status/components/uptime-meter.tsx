import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';

import { useUptime } from '../api/get-uptime';

/** Uptime over the last 30 days of health samples, or since the first one when younger. */
export function UptimeMeter() {
  const { data, isPending, isError } = useUptime();
  if (isPending) {
    return <Skeleton className="h-8 w-full" />;
  }
  if (isError || !data || data.percent === null) {
    return (
      <p className="text-sm text-muted-foreground">
        {isError ? 'Could not load uptime.' : 'Uptime is measured from the first health sample.'}
      </p>
    );
  }
  const within = data.since && data.minutes < data.windowDays * 1_440;
  const sinceDate = data.since ? formatDate(data.since) : '';
  return (
    <div className="space-y-1.5">
      <div
        role="meter"
        aria-label="Uptime"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={data.percent}
        aria-valuetext={`${data.percent}%`}
        className="h-2 overflow-hidden rounded-full bg-muted dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-green-600" style={{ width: `${data.percent}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">
        {within
          ? `${data.percent}% uptime since ${sinceDate}`
          : `${data.percent}% uptime in the last ${data.windowDays} days`}
      </p>
    </div>
  );
}
