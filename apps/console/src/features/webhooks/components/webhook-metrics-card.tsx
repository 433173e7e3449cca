import { CONSOLE_PATHS } from '@ehr-gateway/contracts';
import { Link } from 'react-router';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

import { WebhookStatsStrip } from './webhook-stats-strip';

/** The Metrics screen's webhook figures: what the gateway sent and how late, since it started. */
export function WebhookMetricsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>
          Events created and delivery attempts since this instance started; delivery lag (event time
          to the receiver&rsquo;s first 2xx) over the last 24 hours. Each endpoint&rsquo;s
          deliveries are on the{' '}
          <Link to={CONSOLE_PATHS.webhooks} className="underline underline-offset-4">
            Webhooks
          </Link>{' '}
          screen.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <WebhookStatsStrip />
      </CardContent>
    </Card>
  );
}
