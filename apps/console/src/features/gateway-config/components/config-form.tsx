import { LOG_LEVELS, type GatewayConfig, type LogLevel } from '@ehr-gateway/contracts';
import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { isApiError } from '@/lib/api-client';
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/query-client';

import { useConfig } from '../api/get-config';
import { useUpdateConfig } from '../api/update-config';

type FieldName = keyof GatewayConfig;
type FieldErrors = Partial<Record<FieldName, string>>;

const LOG_LEVEL_LABELS: Record<LogLevel, string> = {
  debug: 'Debug',
  info: 'Info',
  warn: 'Warn',
  error: 'Error',
};

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) {
    return null;
  }
  return (
    <p id={id} className="text-sm text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}

export function ConfigFormSkeleton() {
  return (
    <div className="space-y-5" aria-busy="true" aria-label="Loading configuration">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="space-y-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
      <Skeleton className="h-6 w-32" />
      <Skeleton className="h-9 w-32" />
    </div>
  );
}

function ConfigFormFields({ stored, showReset }: { stored: GatewayConfig; showReset: boolean }) {
  const id = useId();
  // Seeded once from the stored config; a background refetch must not wipe unsaved edits.
  const [values, setValues] = useState<GatewayConfig>(stored);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateConfig();

  function setField<K extends FieldName>(field: K, value: GatewayConfig[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate(values, {
      onSuccess: (config) => {
        setValues(config);
        setErrors({});
        toast.success('Configuration Updated', {
          description: 'The gateway settings were saved.',
        });
      },
      onError: (error) => {
        if (isApiError(error)) {
          setErrors(error.fieldErrors as FieldErrors);
        }
        toast.error('Error', {
          description: isApiError(error)
            ? 'Failed to update configuration. Please try again.'
            : UNEXPECTED_ERROR_MESSAGE,
        });
      },
    });
  }

  function handleReset() {
    setValues(stored);
    setErrors({});
  }

  const describedBy = (field: FieldName) =>
    [`${id}-${field}-hint`, errors[field] ? `${id}-${field}-error` : null]
      .filter(Boolean)
      .join(' ');

  return (
    <form className="space-y-5" onSubmit={handleSubmit} noValidate>
      <div className="space-y-2">
        <Label htmlFor={`${id}-apiRoot`}>API Root</Label>
        <Input
          id={`${id}-apiRoot`}
          name="apiRoot"
          value={values.apiRoot}
          aria-invalid={errors.apiRoot ? true : undefined}
          aria-describedby={describedBy('apiRoot')}
          onChange={(event) => setField('apiRoot', event.target.value)}
        />
        <p id={`${id}-apiRoot-hint`} className="text-xs text-muted-foreground">
          Path prefix of the practice-scoped EHR endpoints, e.g. /api
        </p>
        <FieldError id={`${id}-apiRoot-error`} message={errors.apiRoot} />
      </div>

      <div className="space-y-2">
        <Label htmlFor={`${id}-practiceId`}>Practice ID</Label>
        <Input
          id={`${id}-practiceId`}
          name="practiceId"
          inputMode="numeric"
          value={values.practiceId}
          aria-invalid={errors.practiceId ? true : undefined}
          aria-describedby={describedBy('practiceId')}
          onChange={(event) => setField('practiceId', event.target.value)}
        />
        <p id={`${id}-practiceId-hint`} className="text-xs text-muted-foreground">
          The default athenahealth practice
        </p>
        <FieldError id={`${id}-practiceId-error`} message={errors.practiceId} />
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-logLevel`}>Log Level</Label>
        <Select
          name="logLevel"
          value={values.logLevel}
          onValueChange={(value) => setField('logLevel', value as LogLevel)}
        >
          <SelectTrigger
            id={`${id}-logLevel`}
            aria-invalid={errors.logLevel ? true : undefined}
            aria-describedby={describedBy('logLevel')}
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {LOG_LEVELS.map((level) => (
              <SelectItem key={level} value={level}>
                {LOG_LEVEL_LABELS[level]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id={`${id}-logLevel-hint`} className="text-xs text-muted-foreground">
          The lowest severity written to the gateway log
        </p>
        <FieldError id={`${id}-logLevel-error`} message={errors.logLevel} />
      </div>

      <div className="space-y-2">
        <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
          <div className="space-y-1">
            <Label htmlFor={`${id}-caching`}>Caching</Label>
            <p id={`${id}-caching-hint`} className="text-xs text-muted-foreground">
              Cache EHR reads for faster answers
            </p>
          </div>
          <Switch
            id={`${id}-caching`}
            name="caching"
            checked={values.caching}
            aria-describedby={describedBy('caching')}
            onCheckedChange={(checked) => setField('caching', checked)}
          />
        </div>
        <FieldError id={`${id}-caching-error`} message={errors.caching} />
      </div>

      <div className="flex flex-wrap justify-end gap-2">
        {showReset && (
          <Button variant="outline" onClick={handleReset} disabled={update.isPending}>
            Reset
          </Button>
        )}
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Save Changes
        </Button>
      </div>
    </form>
  );
}

export function ConfigForm({ showReset = false }: { showReset?: boolean }) {
  const { data, isPending, isError, refetch } = useConfig();
  if (isPending) {
    return <ConfigFormSkeleton />;
  }
  if (isError || !data) {
    return (
      <div role="alert" className="space-y-3 text-sm">
        <p className="text-red-700 dark:text-red-300">Failed to load the configuration.</p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <ConfigFormFields stored={data} showReset={showReset} />;
}
