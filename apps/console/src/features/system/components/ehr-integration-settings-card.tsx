import { useId } from 'react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';

import { useSystemInfo } from '../api/get-system-info';
import { FhirSettingsSection } from './fhir-settings-section';

/** Read-only: these come from the gateway's environment, not from the editable config. */
export function EhrIntegrationSettingsCard() {
  const id = useId();
  const { data, isPending, isError } = useSystemInfo();

  return (
    <Card>
      <CardHeader>
        <CardTitle>EHR Integration Settings</CardTitle>
        <CardDescription>
          Connection details for the EHR systems. They are set in the gateway&apos;s environment and
          cannot be changed here.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {isPending ? (
          <div className="space-y-4">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-6 w-40" />
          </div>
        ) : (
          <>
            {isError && (
              <p role="status" className="text-sm text-red-700 dark:text-red-300">
                Could not load the integration settings.
              </p>
            )}
            <div className="space-y-2">
              <Label htmlFor={`${id}-base-url`}>EHR API Base URL</Label>
              <Input
                id={`${id}-base-url`}
                value={data?.athena.baseUrl ?? 'Not configured'}
                disabled
                readOnly
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor={`${id}-client-id`}>Athena Client ID</Label>
              <Input
                id={`${id}-client-id`}
                value={data?.athena.clientIdMasked ?? 'Not configured'}
                disabled
                readOnly
                className="font-mono"
              />
              <p className="text-xs text-muted-foreground">
                Credentials are masked; the client secret is never shown.
              </p>
            </div>
            <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
              <div className="space-y-1">
                <Label htmlFor={`${id}-mock`}>Mock EHR</Label>
                <p id={`${id}-mock-note`} className="text-sm text-muted-foreground">
                  Mock EHR is always enabled in development.
                </p>
              </div>
              <Switch
                id={`${id}-mock`}
                checked={data?.mockEhr.enabled ?? true}
                disabled
                aria-describedby={`${id}-mock-note`}
              />
            </div>
            {data?.fhir && <FhirSettingsSection fhir={data.fhir} />}
            {data?.trafficControl && (
              <div className="space-y-1 rounded-lg border p-4">
                <p className="text-sm font-medium">Traffic control</p>
                <p className="text-sm text-muted-foreground">
                  Athena calls are held to {data.trafficControl.athenaMaxQps} per second across
                  every instance. Keys without their own rate limit:{' '}
                  {data.trafficControl.defaultKeyRateLimit === null
                    ? 'unlimited'
                    : `${data.trafficControl.defaultKeyRateLimit} requests per minute`}
                  . Limits are counted{' '}
                  {data.trafficControl.store === 'redis'
                    ? 'in Redis, for the whole fleet'
                    : 'in this instance\u2019s memory'}
                  .
                </p>
                {data.trafficControl.degraded && (
                  <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
                    {data.trafficControl.message}
                  </p>
                )}
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
