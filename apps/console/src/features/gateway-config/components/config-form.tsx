import {
  LOG_LEVELS,
  PAYLOAD_CAPTURE_DESCRIPTIONS,
  PAYLOAD_CAPTURE_LABELS,
  PAYLOAD_CAPTURE_MODES,
  PAYLOAD_RETENTION_DAYS_MAX,
  type GatewayConfig,
  type LogLevel,
} from '@ehr-gateway/contracts';
import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/button';
import { ReadOnlyNotice } from '@/components/read-only-notice';
import { SelectField } from '@/components/select-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { isApiError } from '@/lib/api-client';
import { useCan } from '@/lib/current-user';
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/query-client';

import { useConfig } from '../api/get-config';
import { useUpdateConfig } from '../api/update-config';
import { CONFIG_FIELD_LABELS } from './config-field-labels';

type FieldName = keyof GatewayConfig;
type FieldErrors = Partial<Record<FieldName, string>>;

const LOG_LEVEL_LABELS: Record<LogLevel, string> = {
  debug: 'Debug',
  info: 'Info',
  warn: 'Warn',
  error: 'Error',
};
const LOG_LEVEL_OPTIONS = LOG_LEVELS.map((level) => ({
  value: level,
  label: LOG_LEVEL_LABELS[level],
}));
const PAYLOAD_CAPTURE_OPTIONS = PAYLOAD_CAPTURE_MODES.map((mode) => ({
  value: mode,
  label: PAYLOAD_CAPTURE_LABELS[mode],
}));

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

interface ConfigFormOptions {
  showReset: boolean;
  /** The request-log payload settings (capture mode and retention), shown on Configuration. */
  showPayloadSettings: boolean;
}

function ConfigFormFields({
  stored,
  showReset,
  showPayloadSettings,
}: ConfigFormOptions & { stored: GatewayConfig }) {
  const id = useId();
  const canWrite = useCan('config:write');
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
      <ReadOnlyNotice permission="config:write" />
      <fieldset disabled={!canWrite} className="min-w-0 space-y-5">
        <div className="space-y-2">
          <Label htmlFor={`${id}-apiRoot`}>{CONFIG_FIELD_LABELS.apiRoot}</Label>
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
          <Label htmlFor={`${id}-practiceId`}>{CONFIG_FIELD_LABELS.practiceId}</Label>
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

        <SelectField
          id={`${id}-logLevel`}
          label={CONFIG_FIELD_LABELS.logLevel}
          name="logLevel"
          value={values.logLevel}
          options={LOG_LEVEL_OPTIONS}
          onChange={(value) => setField('logLevel', value)}
          describedBy={describedBy('logLevel')}
          invalid={Boolean(errors.logLevel)}
        >
          <p id={`${id}-logLevel-hint`} className="text-xs text-muted-foreground">
            The lowest severity written to the gateway log
          </p>
          <FieldError id={`${id}-logLevel-error`} message={errors.logLevel} />
        </SelectField>

        <div className="space-y-2">
          <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
            <div className="space-y-1">
              <Label htmlFor={`${id}-caching`}>{CONFIG_FIELD_LABELS.caching}</Label>
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

        {showPayloadSettings && (
          <>
            <SelectField
              id={`${id}-payloadCapture`}
              label={CONFIG_FIELD_LABELS.payloadCapture}
              name="payloadCapture"
              value={values.payloadCapture}
              options={PAYLOAD_CAPTURE_OPTIONS}
              onChange={(value) => setField('payloadCapture', value)}
              describedBy={describedBy('payloadCapture')}
              invalid={Boolean(errors.payloadCapture)}
            >
              <p id={`${id}-payloadCapture-hint`} className="text-xs text-muted-foreground">
                {PAYLOAD_CAPTURE_DESCRIPTIONS[values.payloadCapture]} Full needs
                PAYLOAD_ENCRYPTION_KEY on the server.
              </p>
              <FieldError id={`${id}-payloadCapture-error`} message={errors.payloadCapture} />
            </SelectField>

            <div className="space-y-2">
              <Label htmlFor={`${id}-payloadRetentionDays`}>
                {CONFIG_FIELD_LABELS.payloadRetentionDays}
              </Label>
              <Input
                id={`${id}-payloadRetentionDays`}
                name="payloadRetentionDays"
                type="number"
                inputMode="numeric"
                min={1}
                max={PAYLOAD_RETENTION_DAYS_MAX}
                value={Number.isNaN(values.payloadRetentionDays) ? '' : values.payloadRetentionDays}
                aria-invalid={errors.payloadRetentionDays ? true : undefined}
                aria-describedby={describedBy('payloadRetentionDays')}
                onChange={(event) => setField('payloadRetentionDays', event.target.valueAsNumber)}
              />
              <p id={`${id}-payloadRetentionDays-hint`} className="text-xs text-muted-foreground">
                Bodies are deleted after this many days; the rest of each entry stays for the log's
                own retention.
              </p>
              <FieldError
                id={`${id}-payloadRetentionDays-error`}
                message={errors.payloadRetentionDays}
              />
            </div>
          </>
        )}
      </fieldset>

      <div className="flex flex-wrap justify-end gap-2">
        {showReset && (
          <Button variant="outline" onClick={handleReset} disabled={update.isPending || !canWrite}>
            Reset
          </Button>
        )}
        <Button type="submit" disabled={update.isPending || !canWrite}>
          {update.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Save Changes
        </Button>
      </div>
    </form>
  );
}

export function ConfigForm({
  showReset = false,
  showPayloadSettings = false,
}: Partial<ConfigFormOptions>) {
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
  return (
    <ConfigFormFields
      stored={data}
      showReset={showReset}
      showPayloadSettings={showPayloadSettings}
    />
  );
}
