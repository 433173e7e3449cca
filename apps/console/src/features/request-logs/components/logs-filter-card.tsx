import {
  LOG_METHODS,
  LOG_SOURCES,
  LOG_STATUS_PATTERN,
  type LogMethod,
  type LogSource,
} from '@ehr-gateway/contracts';
import { X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { FilterCard } from '@/components/filter-card';
import { SelectField } from '@/components/select-field';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toInstant, toLocalInput } from '@/lib/datetime-local';

import { useKeyNames } from '../api/get-key-names';
import {
  INITIAL_LIMIT,
  LOG_RANGES,
  type LogRange,
  type LogViewFilters,
} from '../lib/log-view-filters';
import { sourceLabel } from './source-label';

export const LIMIT_OPTIONS = [10, 25, 50, 100, 250] as const;
const ALL = 'all';
const SOURCE_OPTIONS = [
  { value: ALL, label: 'All sources' },
  ...LOG_SOURCES.map((value) => ({ value, label: sourceLabel(value) })),
];
const METHOD_OPTIONS = [
  { value: ALL, label: 'All methods' },
  ...LOG_METHODS.map((value) => ({ value, label: value })),
];
const RANGE_OPTIONS = [
  { value: ALL, label: 'Any time' },
  ...(Object.keys(LOG_RANGES) as Array<keyof typeof LOG_RANGES>).map((value) => ({
    value,
    label: LOG_RANGES[value].label,
  })),
  { value: 'custom', label: 'Custom range' },
];
const LIMIT_SELECT_OPTIONS = LIMIT_OPTIONS.map((value) => ({
  value: String(value),
  label: `${value} logs`,
}));

export function LogsFilterCard({
  initialFilters,
  onApply,
}: {
  initialFilters: LogViewFilters;
  onApply: (filters: LogViewFilters) => void;
}) {
  const id = useId();
  const keyNames = useKeyNames();
  const [endpoint, setEndpoint] = useState(initialFilters.endpoint ?? '');
  const [requestId, setRequestId] = useState(initialFilters.requestId ?? '');
  // Set by the Metrics screen's route table: a template, not something typed here.
  const [route, setRoute] = useState(initialFilters.route);
  const [source, setSource] = useState<string>(initialFilters.source ?? ALL);
  const [status, setStatus] = useState(initialFilters.status ?? '');
  const [method, setMethod] = useState<string>(initialFilters.method ?? ALL);
  const [apiKeyId, setApiKeyId] = useState<string>(initialFilters.apiKeyId ?? ALL);
  const [range, setRange] = useState<string>(initialFilters.range ?? ALL);
  const [from, setFrom] = useState(toLocalInput(initialFilters.from));
  const [to, setTo] = useState(toLocalInput(initialFilters.to));
  const [minLatency, setMinLatency] = useState(
    initialFilters.minLatencyMs === undefined ? '' : String(initialFilters.minLatencyMs),
  );
  const [limit, setLimit] = useState(initialFilters.limit);
  const statusInvalid =
    status.trim() !== '' && !LOG_STATUS_PATTERN.test(status.trim().toLowerCase());

  const keyOptions = [
    { value: ALL, label: 'All keys' },
    ...(keyNames.data ?? []).map((key) => ({ value: key.id, label: key.name })),
  ];
  const keyLabel =
    apiKeyId === ALL
      ? 'All keys'
      : (keyNames.data?.find((key) => key.id === apiKeyId)?.name ?? apiKeyId);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (statusInvalid) {
      return;
    }
    const latency = Number(minLatency);
    onApply({
      endpoint: endpoint.trim() || undefined,
      requestId: requestId.trim() || undefined,
      route,
      source: source === ALL ? undefined : (source as LogSource),
      status: status.trim().toLowerCase() || undefined,
      method: method === ALL ? undefined : (method as LogMethod),
      apiKeyId: apiKeyId === ALL ? undefined : apiKeyId,
      range: range === ALL ? undefined : (range as LogRange),
      from: range === 'custom' ? toInstant(from) : undefined,
      to: range === 'custom' ? toInstant(to) : undefined,
      minLatencyMs:
        minLatency.trim() && Number.isFinite(latency) && latency >= 0 ? latency : undefined,
      limit,
    });
  }

  function handleClear() {
    setEndpoint('');
    setRequestId('');
    setRoute(undefined);
    setSource(ALL);
    setStatus('');
    setMethod(ALL);
    setApiKeyId(ALL);
    setRange(ALL);
    setFrom('');
    setTo('');
    setMinLatency('');
    setLimit(INITIAL_LIMIT);
    onApply({ limit: INITIAL_LIMIT });
  }

  return (
    <FilterCard onSubmit={handleSubmit} onClear={handleClear}>
      {route && (
        <p className="flex flex-wrap items-center gap-2 text-sm sm:col-span-2 lg:col-span-4">
          <span className="text-muted-foreground">Route</span>
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">
            {route}
          </code>
          <Button type="button" variant="ghost" size="sm" onClick={() => setRoute(undefined)}>
            <X aria-hidden="true" />
            Any route
          </Button>
        </p>
      )}
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor={`${id}-endpoint`}>Endpoint</Label>
        <Input
          id={`${id}-endpoint`}
          placeholder="e.g. /api/12345/patients"
          value={endpoint}
          onChange={(event) => setEndpoint(event.target.value)}
        />
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor={`${id}-request-id`}>Request ID</Label>
        <Input
          id={`${id}-request-id`}
          placeholder="The X-Request-ID of one request"
          value={requestId}
          onChange={(event) => setRequestId(event.target.value)}
        />
      </div>
      <SelectField
        id={`${id}-source`}
        label="Source"
        value={source}
        onChange={setSource}
        options={SOURCE_OPTIONS}
      />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Input
          id={`${id}-status`}
          placeholder="e.g. 4xx or 404"
          value={status}
          aria-invalid={statusInvalid}
          aria-describedby={statusInvalid ? `${id}-status-error` : undefined}
          onChange={(event) => setStatus(event.target.value)}
        />
        {statusInvalid && (
          <p id={`${id}-status-error`} className="text-sm text-destructive">
            A class like 4xx or a code like 404
          </p>
        )}
      </div>
      <SelectField
        id={`${id}-method`}
        label="Method"
        value={method}
        onChange={setMethod}
        options={METHOD_OPTIONS}
      />
      <SelectField
        id={`${id}-key`}
        label="API key"
        value={apiKeyId}
        onChange={setApiKeyId}
        options={keyOptions}
        valueText={keyLabel}
      />
      <SelectField
        id={`${id}-range`}
        label="Time range"
        value={range}
        onChange={setRange}
        options={RANGE_OPTIONS}
      />
      {range === 'custom' && (
        <DateRangeFields id={id} from={from} to={to} onFromChange={setFrom} onToChange={setTo} />
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-latency`}>Slower than (ms)</Label>
        <Input
          id={`${id}-latency`}
          type="number"
          inputMode="numeric"
          min={0}
          placeholder="e.g. 500"
          value={minLatency}
          onChange={(event) => setMinLatency(event.target.value)}
        />
      </div>
      <SelectField
        id={`${id}-limit`}
        label="Limit"
        value={String(limit)}
        onChange={(value) => setLimit(Number(value))}
        options={LIMIT_SELECT_OPTIONS}
        valueText={`${limit} logs`}
      />
    </FilterCard>
  );
}
