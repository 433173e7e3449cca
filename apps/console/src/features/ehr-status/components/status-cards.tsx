import { Activity, Database, FlaskConical } from 'lucide-react';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { ATHENA_SETUP_LINK } from '@/lib/console-links';
import { formatRelativeTime } from '@/lib/format';

import { useEhrStatus } from '../api/get-ehr-status';
import { FHIR_CARD_ID, FhirStatusCard } from './fhir-status-card';
import { Detail, StatusCard, StatusCardSkeleton } from './status-card';
import { UptimeMeter } from './uptime-meter';

export function StatusCards() {
  const { data, isPending, isError } = useEhrStatus();

  if (isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <StatusCardSkeleton title="API Status" />
        <StatusCardSkeleton id="athena" title="Athena EHR" />
        <StatusCardSkeleton id={FHIR_CARD_ID} title="FHIR EHR" />
        <StatusCardSkeleton id="mock-ehr" title="Mock EHR" />
      </div>
    );
  }

  const athena = data?.athena;
  const athenaConnected = athena?.status === 'connected';
  const mockConnected = data?.mockEhr.status === 'connected';
  const athenaMessage = isError ? 'Could not load the EHR status.' : athena?.message;

  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
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

      <FhirStatusCard fhir={data?.fhir} loadFailed={isError} />

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
