import { PageHeader } from '@/components/page-header';
import { LogsView } from '@/features/request-logs/components/logs-view';

export function LogsRoute() {
  return (
    <div className="space-y-6">
      <title>Request Logs · EHR API Gateway</title>
      <PageHeader
        title="Request Logs"
        description="Every request the gateway handled, newest first. Refreshes every 30 seconds."
      />
      <LogsView />
    </div>
  );
}
