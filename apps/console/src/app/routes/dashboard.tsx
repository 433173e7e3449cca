import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { ApiKeysCard } from '@/features/api-keys/components/api-keys-card';
import { StatusCards } from '@/features/ehr-status/components/status-cards';
import { ConfigCard } from '@/features/gateway-config/components/config-card';
import { TrafficSparkline } from '@/features/metrics/components/traffic-sparkline';
import { RecentRequestsCard } from '@/features/request-logs/components/recent-requests-card';
import { useCan } from '@/lib/current-user';

/** The sidebar's #athena / #mock-ehr links land here; scroll on every visit, not only the first. */
function useScrollToHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) {
      return;
    }
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash, key]);
}

export function DashboardRoute() {
  useScrollToHash();
  const canReadMetrics = useCan('metrics:read');
  return (
    <div className="space-y-6">
      <title>Dashboard · EHR API Gateway</title>
      <PageHeader
        title="Dashboard"
        description="Monitor the health and activity of your EHR API Gateway."
      />
      <StatusCards />
      <RecentRequestsCard trend={canReadMetrics ? <TrafficSparkline /> : null} />
      {/* Each card as tall as its content: a short key list leaves no empty framed block. */}
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <ApiKeysCard />
        <ConfigCard />
      </div>
    </div>
  );
}
