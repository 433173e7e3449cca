import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { StatusCardSkeleton } from '@/features/ehr-status/components/status-card';
import { StatusCards } from '@/features/ehr-status/components/status-cards';
import { TrafficSparkline } from '@/features/metrics/components/traffic-sparkline';
import { RecentRequestsCard } from '@/features/request-logs/components/recent-requests-card';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { useCan } from '@/lib/current-user';

// Below the fold on a phone, and the heaviest of the Dashboard's chunks (the configuration form's
// fields, the key list's actions): fetched after the first paint, so the status cards above them
// paint without waiting for their download and evaluation (bench:console, bench/README.md).
const ApiKeysCard = lazy(async () => ({
  default: (await import('@/features/api-keys/components/api-keys-card')).ApiKeysCard,
}));
const ConfigCard = lazy(async () => ({
  default: (await import('@/features/gateway-config/components/config-card')).ConfigCard,
}));

/** A lazy card, rendered (and so fetched) only once the first paint is done. */
function AfterFirstPaint({ label, children }: { label: string; children: ReactNode }) {
  const painted = useAfterFirstPaint();
  // The status cards' loading outline: the same card frame, named for screen readers.
  const placeholder = <StatusCardSkeleton title={label} />;
  return painted ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

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
        <AfterFirstPaint label="API Key Management">
          <ApiKeysCard />
        </AfterFirstPaint>
        <AfterFirstPaint label="Gateway Configuration">
          <ConfigCard />
        </AfterFirstPaint>
      </div>
    </div>
  );
}
