import { METRIC_RANGES, type MetricRange } from '@ehr-gateway/contracts';
import { useSearchParams } from 'react-router';

import { Page } from '@/components/page';
import { PermissionRequired } from '@/components/permission-required';
import { useEhrStatus } from '@/features/ehr-status/api/get-ehr-status';
import { MetricsView } from '@/features/metrics/components/metrics-view';
import { WebhookMetricsCard } from '@/features/webhooks/components/webhook-metrics-card';
import { useCan } from '@/lib/current-user';

const DEFAULT_RANGE: MetricRange = '1h';

const isRange = (value: string | null): value is MetricRange =>
  value !== null && value in METRIC_RANGES;

/** `/metrics?range=24h`: the range is in the URL so a view can be shared and survives reloads. */
export function MetricsRoute() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('range');
  const range = isRange(requested) ? requested : DEFAULT_RANGE;
  const ehrStatus = useEhrStatus();
  const canReadWebhooks = useCan('webhooks:read');

  return (
    <Page
      title="Metrics"
      description="Traffic, errors and latency through the gateway, the athena upstream, and webhook deliveries."
    >
      <PermissionRequired permission="metrics:read">
        <MetricsView
          range={range}
          onRangeChange={(next) => setSearch(next === DEFAULT_RANGE ? {} : { range: next })}
          athenaStatus={ehrStatus.data?.athena}
        />
        {canReadWebhooks && <WebhookMetricsCard />}
      </PermissionRequired>
    </Page>
  );
}
