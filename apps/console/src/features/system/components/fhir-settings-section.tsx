import { FHIR_VENDOR_LABELS, type SystemInfo } from '@ehr-gateway/contracts';
import { useId } from 'react';

import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const AUTH_METHOD_LABELS = {
  private_key_jwt: 'Signed assertion (private_key_jwt), public keys at /.well-known/jwks.json',
  client_secret_basic: 'Client secret (client_secret_basic)',
} as const;

function ReadOnlyField({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} disabled readOnly className={mono ? 'font-mono' : undefined} />
    </div>
  );
}

/** The FHIR R4 EHR's settings (FHIR_*), never its key or secret. */
export function FhirSettingsSection({ fhir }: { fhir: SystemInfo['fhir'] }) {
  const notSet = 'Not configured';
  return (
    <section aria-labelledby="fhir-settings-title" className="space-y-4 rounded-lg border p-4">
      <div className="space-y-1">
        <h3 id="fhir-settings-title" className="text-sm font-medium">
          FHIR EHR (source=fhir)
        </h3>
        <p className="text-sm text-muted-foreground">
          {fhir.configured
            ? `${FHIR_VENDOR_LABELS[fhir.vendor]} rules; the fleet sends at most ${fhir.maxQps} calls per second.`
            : 'Not configured: set the FHIR_* variables (docs/fhir.md) to add Oracle Health, Epic or any FHIR R4 server.'}
        </p>
      </div>
      <ReadOnlyField label="FHIR Base URL" value={fhir.baseUrl ?? notSet} />
      <ReadOnlyField label="FHIR Client ID" value={fhir.clientIdMasked ?? notSet} mono />
      <ReadOnlyField label="FHIR Practice ID" value={fhir.practiceId ?? notSet} />
      <ReadOnlyField label="FHIR Scopes" value={fhir.scopes} mono />
      <ReadOnlyField
        label="Token Authentication"
        value={fhir.authMethod ? AUTH_METHOD_LABELS[fhir.authMethod] : notSet}
      />
    </section>
  );
}
