import { formatResponseTime } from '@/lib/format';

import { useWebhookStats } from '../api/get-webhook-stats';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

const lag = (ms: number | null) => (ms === null ? '—' : formatResponseTime(Math.round(ms)));

/** Events, deliveries and delivery lag at a glance (Prometheus has them per instance). */
export function WebhookStatsStrip() {
  const { data } = useWebhookStats();
  if (!data) {
    return null;
  }
  const failed = Object.entries(data.deliveries)
    .filter(([outcome]) => outcome !== 'delivered')
    .reduce((sum, [, count]) => sum + count, 0);
  return (
    <dl aria-label="Webhook delivery figures" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      <Figure label="Events created" value={data.eventsCreated.toLocaleString()} />
      <Figure label="Delivered" value={(data.deliveries.delivered ?? 0).toLocaleString()} />
      <Figure label="Failed attempts" value={failed.toLocaleString()} />
      <Figure label="Pending" value={data.pending.toLocaleString()} />
      <Figure
        label="Lag p50 / p95 (24 h)"
        value={`${lag(data.lagP50Ms)} / ${lag(data.lagP95Ms)}`}
      />
    </dl>
  );
}
