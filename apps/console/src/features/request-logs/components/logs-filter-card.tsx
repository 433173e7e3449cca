import { LOG_SOURCES, type LogSource } from '@ehr-gateway/contracts';
import { useId, useState, type FormEvent } from 'react';

import { FilterCard } from '@/components/filter-card';
import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

import type { LogFilters } from '../api/get-logs';
import { sourceLabel } from './source-label';

export const LIMIT_OPTIONS = [10, 50, 100, 250] as const;
export const INITIAL_LIMIT = 25;
const ALL_SOURCES = 'all';
const SOURCE_OPTIONS = [
  { value: ALL_SOURCES, label: 'All sources' },
  ...LOG_SOURCES.map((value) => ({ value, label: sourceLabel(value) })),
];
const LIMIT_SELECT_OPTIONS = LIMIT_OPTIONS.map((value) => ({
  value: String(value),
  label: `${value} logs`,
}));

export function LogsFilterCard({
  initialFilters,
  onApply,
}: {
  initialFilters: LogFilters;
  onApply: (filters: LogFilters) => void;
}) {
  const id = useId();
  const [endpoint, setEndpoint] = useState(initialFilters.endpoint ?? '');
  const [source, setSource] = useState<string>(initialFilters.source ?? ALL_SOURCES);
  const [limit, setLimit] = useState(initialFilters.limit);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply({
      endpoint: endpoint.trim() || undefined,
      source: source === ALL_SOURCES ? undefined : (source as LogSource),
      limit,
    });
  }

  return (
    <FilterCard
      formClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
      onSubmit={handleSubmit}
    >
      <div className="space-y-2">
        <Label htmlFor={`${id}-endpoint`}>Endpoint</Label>
        <Input
          id={`${id}-endpoint`}
          placeholder="e.g. /api/12345/patients"
          value={endpoint}
          onChange={(event) => setEndpoint(event.target.value)}
        />
      </div>
      <SelectField
        id={`${id}-source`}
        label="Source"
        value={source}
        onChange={setSource}
        options={SOURCE_OPTIONS}
      />
      <SelectField
        id={`${id}-limit`}
        label="Limit"
        value={String(limit)}
        onChange={(value) => setLimit(Number(value))}
        options={LIMIT_SELECT_OPTIONS}
        // The initial 25 is not one of the options, so the trigger renders the value itself.
        valueText={`${limit} logs`}
      />
      <Button type="submit" className="sm:col-span-2 lg:col-span-1">
        Apply Filters
      </Button>
    </FilterCard>
  );
}
