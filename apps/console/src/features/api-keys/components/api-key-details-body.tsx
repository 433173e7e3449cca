import {
  ROTATION_GRACE_MAX_MINUTES,
  type ApiKeySummary,
  type ApiScope,
} from '@ehr-gateway/contracts';
import { LoaderCircle, RefreshCcw } from 'lucide-react';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OneTimeSecretDialog } from '@/components/ui/one-time-secret-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { useCan } from '@/lib/current-user';
import { formatDateTime } from '@/lib/format';

import { useApiKeyUsage } from '../api/get-api-key-usage';
import { useRotateApiKey } from '../api/rotate-api-key';
import { useUpdateApiKey } from '../api/update-api-key';
import { DeleteApiKeyButton } from './delete-api-key-button';
import { KeyNameField } from './key-name-field';
import { LimitFields, parseLimits, type LimitValues } from './limit-fields';
import { ScopeFields } from './scope-fields';

// The chart library is loaded when a key's drawer first opens, not with the key list.
const KeyUsageChart = lazy(() =>
  import('./key-usage-chart').then((module) => ({ default: module.KeyUsageChart })),
);

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'The gateway could not be reached. Try again.';

function UsageSection({ apiKey }: { apiKey: ApiKeySummary }) {
  const usage = useApiKeyUsage(apiKey.id);
  return (
    <section aria-labelledby={`usage-${apiKey.id}`} className="grid gap-2">
      <h3 id={`usage-${apiKey.id}`} className="font-semibold">
        Usage
      </h3>
      <Suspense fallback={<Skeleton className="h-48 w-full" />}>
        <Tabs defaultValue="hour">
          <TabsList aria-label="Usage period">
            <TabsTrigger value="hour">24 hours</TabsTrigger>
            <TabsTrigger value="day">30 days</TabsTrigger>
          </TabsList>
          <TabsContent value="hour">
            <KeyUsageChart buckets={usage.data?.hourly} unit="hour" isPending={usage.isPending} />
          </TabsContent>
          <TabsContent value="day">
            <KeyUsageChart buckets={usage.data?.daily} unit="day" isPending={usage.isPending} />
          </TabsContent>
        </Tabs>
      </Suspense>
    </section>
  );
}

function EditSection({ apiKey }: { apiKey: ApiKeySummary }) {
  const id = useId();
  const [name, setName] = useState(apiKey.name);
  const [scopes, setScopes] = useState<ApiScope[] | null>(apiKey.scopes);
  const [limits, setLimits] = useState<LimitValues>({
    rateLimit: apiKey.rateLimit?.toString() ?? '',
    quota: apiKey.quota?.toString() ?? '',
  });
  const update = useUpdateApiKey(apiKey.id);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseLimits(limits);
    if (!name.trim() || scopes?.length === 0 || !parsed) {
      return;
    }
    update.mutate(
      { name: name.trim(), scopes, ...parsed },
      {
        onSuccess: () =>
          toast.success('API Key Saved', { description: `"${name.trim()}" was updated.` }),
        onError: (error) => toast.error('Error', { description: messageOf(error) }),
      },
    );
  }

  return (
    <form aria-labelledby={`${id}-title`} className="grid gap-4" onSubmit={handleSubmit}>
      <h3 id={`${id}-title`} className="font-semibold">
        Settings
      </h3>
      <div className="grid gap-2">
        <KeyNameField id={`${id}-name`} label="Name" value={name} onChange={setName} />
      </div>
      <ScopeFields value={scopes} onChange={setScopes} />
      <LimitFields value={limits} onChange={setLimits} />
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Save Changes
        </Button>
      </div>
    </form>
  );
}

function RotateSection({ apiKey }: { apiKey: ApiKeySummary }) {
  const id = useId();
  const [grace, setGrace] = useState('60');
  const rotate = useRotateApiKey(apiKey.id);
  const graceMinutes = Number(grace);
  const graceValid =
    grace.trim() !== '' &&
    Number.isInteger(graceMinutes) &&
    graceMinutes >= 0 &&
    graceMinutes <= ROTATION_GRACE_MAX_MINUTES;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!graceValid || rotate.isPending) {
      return;
    }
    rotate.mutate(graceMinutes, {
      onSuccess: () =>
        toast.success('API Key Rotated', {
          description: 'Copy the new key now; it cannot be displayed again.',
        }),
      onError: (error) => toast.error('Error', { description: messageOf(error) }),
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h3 id={`${id}-title`} className="font-semibold">
        Rotate
      </h3>
      <OneTimeSecretDialog
        values={rotate.data ? [rotate.data.apiKey.key] : null}
        title="API Key Rotated"
        description={<>The key &ldquo;{apiKey.name}&rdquo; has a new secret.</>}
        label="New API key"
        warning="Copy this key now and give it to the client; it cannot be displayed again."
        onSaved={() => rotate.reset()}
      >
        {rotate.data && (
          <p className="text-sm text-muted-foreground">
            The old key keeps working until {formatDateTime(rotate.data.previousKeyExpiresAt)}.
          </p>
        )}
      </OneTimeSecretDialog>
      <form className="grid gap-3" onSubmit={handleSubmit}>
        <p className="text-sm text-muted-foreground">
          Issues a new secret for this key. Clients keep working with the old one during the grace
          window, then it is refused with &ldquo;API key rotated&rdquo;.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-grace`}>Grace window (minutes)</Label>
            <Input
              id={`${id}-grace`}
              inputMode="numeric"
              className="w-32"
              value={grace}
              aria-invalid={graceValid ? undefined : true}
              aria-describedby={`${id}-grace-hint`}
              onChange={(event) => setGrace(event.currentTarget.value)}
            />
          </div>
          <Button type="submit" variant="outline" disabled={!graceValid || rotate.isPending}>
            {rotate.isPending ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <RefreshCcw aria-hidden="true" />
            )}
            Rotate Key
          </Button>
        </div>
        <p id={`${id}-grace-hint`} className="text-xs text-muted-foreground">
          0 to {ROTATION_GRACE_MAX_MINUTES} minutes (a day at most).
        </p>
      </form>
    </section>
  );
}

/** A key's drawer body, loaded when the drawer first opens: usage, and (for users who may change keys) edit, rotate and delete. */
export function ApiKeyDetailsBody({ apiKey }: { apiKey: ApiKeySummary }) {
  const canWrite = useCan('keys:write');
  return (
    <>
      <UsageSection apiKey={apiKey} />
      {canWrite && (
        <>
          <hr />
          <EditSection apiKey={apiKey} />
          <hr />
          <RotateSection apiKey={apiKey} />
          <hr />
          <section className="flex items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">
              Delete revokes the key on every instance.
            </p>
            <DeleteApiKeyButton apiKey={apiKey} />
          </section>
        </>
      )}
    </>
  );
}
