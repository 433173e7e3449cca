import { Activity, Database, FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ATHENA_SETUP_LINK } from '@/lib/console-links';
import { formatDate, formatRelativeTime } from '@/lib/format';

import { useEhrStatus } from '../api/get-ehr-status';
import { useUptime } from '../api/get-uptime';

function StatusCard({
  id,
  title,
  icon,
  children,
}: {
  id?: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card id={id} aria-labelledby={id ? `${id}-title` : undefined} className="scroll-mt-24">
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle id={id ? `${id}-title` : undefined} className="text-sm font-medium">
          {title}
        </CardTitle>
        <span className="text-muted-foreground [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="space-y-3">{children}</CardContent>
    </Card>
  );
}

function StatusCardSkeleton({ id, title }: { id?: string; title: string }) {
  return (
    <Card id={id} className="scroll-mt-24" aria-busy="true" aria-label={`${title} (loading)`}>
      <CardHeader className="pb-2">
        <Skeleton className="h-4 w-24" />
      </CardHeader>
      <CardContent className="space-y-3">
        <Skeleton className="h-6 w-28" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </CardContent>
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="text-sm text-muted-foreground">
      {label}: <span className="font-medium text-foreground">{children}</span>
    </p>
  );
}

/** Uptime over the last 30 days of health samples, or since the first one when younger. */
function UptimeMeter() {
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

export function StatusCards() {
  const { data, isPending, isError } = useEhrStatus();

  if (isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-3">
        <StatusCardSkeleton title="API Status" />
        <StatusCardSkeleton id="athena" title="Athena EHR" />
        <StatusCardSkeleton id="mock-ehr" title="Mock EHR" />
      </div>
    );
  }

  const athena = data?.athena;
  const athenaConnected = athena?.status === 'connected';
  const mockConnected = data?.mockEhr.status === 'connected';
  const athenaMessage = isError ? 'Could not load the EHR status.' : athena?.message;

  return (
    <div className="grid gap-4 md:grid-cols-3">
      <StatusCard title="API Status" icon={<Activity />}>
        <Badge variant="success" className="text-sm">
          Operational
        </Badge>
        <UptimeMeter />
      </StatusCard>

      <StatusCard id="athena" title="Athena EHR" icon={<Database />}>
        <Badge variant={athenaConnected ? 'success' : 'error'} className="text-sm">
          {athenaConnected ? 'Connected' : 'Disconnected'}
        </Badge>
        {athenaConnected ? (
          <>
            <Detail label="Practice ID">{athena?.practiceId ?? 'N/A'}</Detail>
            <Detail label="Last Synced">
              {athena?.lastSyncedAt ? formatRelativeTime(athena.lastSyncedAt) : 'N/A'}
            </Detail>
          </>
        ) : (
          <>
            <Detail label="Practice ID">N/A</Detail>
            {athena?.configured === false ? (
              <p className="text-sm text-muted-foreground">
                Not configured on this gateway; the Mock EHR answers meanwhile.{' '}
                <Link
                  to={ATHENA_SETUP_LINK}
                  className="font-medium text-primary underline underline-offset-4 dark:text-blue-300"
                >
                  How to connect athena
                </Link>
              </p>
            ) : (
              athenaMessage && <p className="text-sm text-muted-foreground">{athenaMessage}</p>
            )}
          </>
        )}
      </StatusCard>

      <StatusCard id="mock-ehr" title="Mock EHR" icon={<FlaskConical />}>
        <Badge variant={mockConnected ? 'warning' : 'error'} className="text-sm">
          {mockConnected ? 'Testing Mode' : 'Unavailable'}
        </Badge>
        <Detail label="Status">{mockConnected ? 'Active' : 'Inactive'}</Detail>
        <Detail label="Environment">Development</Detail>
      </StatusCard>
    </div>
  );
}
