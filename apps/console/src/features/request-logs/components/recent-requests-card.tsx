import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeading } from '@/components/ui/card';

import { useRecentLogs } from '../api/get-logs';
import { LogsTable } from './logs-table';

const RECENT_LIMIT = 5;
const RECENT_REFRESH_MS = 15_000;

/** `trend`: a small chart of recent traffic beside the title (the Dashboard passes one). */
export function RecentRequestsCard({ trend }: { trend?: ReactNode }) {
  const { data, isPending, isError } = useRecentLogs(RECENT_LIMIT, {
    refetchInterval: RECENT_REFRESH_MS,
  });

  return (
    <Card>
      <CardHeading
        title="Recent API Requests"
        description="The latest requests handled by the gateway"
      >
        {trend && <div className="hidden sm:block">{trend}</div>}
        <Button variant="outline" size="sm" asChild>
          <Link to="/logs">View All</Link>
        </Button>
      </CardHeading>
      <CardContent>
        <LogsTable
          logs={data}
          isPending={isPending}
          isError={isError}
          emptyMessage="No logs available"
          caption="Recent API Requests"
        />
      </CardContent>
    </Card>
  );
}
