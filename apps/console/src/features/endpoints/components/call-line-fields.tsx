import { EHR_SOURCE_LABELS, type Tenant } from '@ehr-gateway/contracts';
import { PhoneCall } from 'lucide-react';
import { useState } from 'react';

import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

import { createAthenaTenant, listTenants } from '../lib/voice-simulator';
import { messageOf } from '../lib/use-simulated-call';

interface CallLineFieldsProps {
  id: string;
  origin: string;
  apiKey: string;
  onApiKeyChange: (apiKey: string) => void;
  tenantId: string;
  onTenantChange: (tenantId: string) => void;
  onNewCall: () => void;
  onProblem: (problem: string) => void;
}

/**
 * The key and phone line (tenant) a simulated call uses. Once the key is entered the lines are
 * listed by name with the EHR each asks (the gateway seeds one at the FHIR EHR when it has one),
 * and a line on athena can be added when none exists yet.
 */
export function CallLineFields({
  id,
  origin,
  apiKey,
  onApiKeyChange,
  tenantId,
  onTenantChange,
  onNewCall,
  onProblem,
}: CallLineFieldsProps) {
  const [tenants, setTenants] = useState<Tenant[] | null>(null);

  async function loadTenants() {
    if (!apiKey.trim()) {
      return;
    }
    try {
      setTenants(await listTenants(origin, apiKey.trim()));
    } catch (error) {
      onProblem(messageOf(error));
    }
  }

  async function addAthenaTenant() {
    try {
      const tenant = await createAthenaTenant(origin, apiKey.trim());
      setTenants((current) => [...(current ?? []), tenant]);
      onTenantChange(String(tenant.id));
    } catch (error) {
      onProblem(messageOf(error));
    }
  }

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(16rem,22rem)_auto] sm:items-end">
        <div className="space-y-2">
          <Label htmlFor={`${id}-key`}>API Key</Label>
          <Input
            id={`${id}-key`}
            type="password"
            autoComplete="off"
            value={apiKey}
            onChange={(event) => onApiKeyChange(event.target.value)}
            onBlur={() => void loadTenants()}
            placeholder="A key with the tools scope"
          />
        </div>
        {tenants ? (
          <SelectField
            id={`${id}-tenant`}
            label="Phone line (tenant)"
            value={tenantId}
            options={tenants.map((tenant) => ({
              value: String(tenant.id),
              label: `${tenant.name} · ${EHR_SOURCE_LABELS[tenant.ehrSource]}`,
            }))}
            onChange={onTenantChange}
          />
        ) : (
          <div className="space-y-2">
            <Label htmlFor={`${id}-tenant`}>Phone line (tenant)</Label>
            <Input
              id={`${id}-tenant`}
              inputMode="numeric"
              value={tenantId}
              onChange={(event) => onTenantChange(event.target.value.replace(/\D/g, ''))}
            />
          </div>
        )}
        <Button variant="outline" onClick={onNewCall}>
          <PhoneCall aria-hidden="true" />
          New call
        </Button>
      </div>
      {tenants && !tenants.some((tenant) => tenant.ehrSource === 'athena') && (
        <p className="text-sm text-muted-foreground">
          No phone line asks athena yet.{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void addAthenaTenant()}>
            Add one on athena
          </Button>
        </p>
      )}
    </>
  );
}
