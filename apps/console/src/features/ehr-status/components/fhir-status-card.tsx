import { EHR_SOURCE_LABELS, FHIR_VENDOR_LABELS, type EhrStatus } from '@ehr-gateway/contracts';
import { Network } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { Callout } from '@/components/ui/callout';
import { formatDateTime, formatRelativeTime } from '@/lib/format';

import { Detail, StatusCard } from './status-card';

export const FHIR_CARD_ID = 'fhir-ehr';

const when = (value: string | null) =>
  value ? <span title={formatDateTime(value)}>{formatRelativeTime(value)}</span> : 'N/A';

/**
 * The FHIR R4 EHR (source=fhir): connected or not, whose rules, when it last gave a token, and
 * why changes made in the EHR itself do not become webhook events, when they do not (a connected
 * EHR can still lack the search the change feed needs, so the warning stands on its own).
 */
export function FhirStatusCard({
  fhir,
  loadFailed,
}: {
  fhir: EhrStatus['fhir'] | undefined;
  loadFailed: boolean;
}) {
  const connected = fhir?.status === 'connected';
  const notConfigured = fhir?.configured === false;
  const message = loadFailed ? 'Could not load the EHR status.' : fhir?.message;
  return (
    <StatusCard id={FHIR_CARD_ID} title={EHR_SOURCE_LABELS.fhir} icon={<Network />}>
      <Badge
        variant={connected ? 'success' : notConfigured ? 'secondary' : 'error'}
        className="text-sm"
      >
        {connected ? 'Connected' : notConfigured ? 'Not configured' : 'Disconnected'}
      </Badge>
      {notConfigured ? (
        <p className="text-sm text-muted-foreground">
          Set FHIR_BASE_URL, FHIR_CLIENT_ID, a key or secret and FHIR_PRACTICE_ID to reach Oracle
          Health, Epic or any FHIR R4 server (docs/fhir.md).
        </p>
      ) : (
        <>
          <Detail label="Vendor">{fhir?.vendor ? FHIR_VENDOR_LABELS[fhir.vendor] : 'N/A'}</Detail>
          <Detail label="Practice ID">{fhir?.practiceId ?? 'N/A'}</Detail>
          <Detail label="Last Token">{when(fhir?.lastTokenAt ?? null)}</Detail>
          {connected && <Detail label="Last Synced">{when(fhir?.lastSyncedAt ?? null)}</Detail>}
          {!connected && message && <p className="text-sm text-muted-foreground">{message}</p>}
          {fhir?.changeFeedProblem && (
            <Callout variant="warning" aria-label="Change feed">
              <p>
                <span className="font-medium">Change feed: </span>
                {fhir.changeFeedProblem}
              </p>
            </Callout>
          )}
        </>
      )}
    </StatusCard>
  );
}
