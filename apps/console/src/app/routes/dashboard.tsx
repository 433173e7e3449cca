import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { ApiKeysCard } from '@/features/api-keys/components/api-keys-card';
import { getEhrStatusQueryOptions } from '@/features/ehr-status/api/get-ehr-status';
import { getUptimeQueryOptions } from '@/features/ehr-status/api/get-uptime';
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

/**
 * The status cards' data (the largest text on a phone is the Athena card's): asked for as soon as
 * this chunk arrives, rather than after the shell and the page have rendered.
 */
export function prefetchDashboard(client: QueryClient) {
  void client.prefetchQuery(getEhrStatusQueryOptions());
  void client.prefetchQuery(getUptimeQueryOptions());
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
