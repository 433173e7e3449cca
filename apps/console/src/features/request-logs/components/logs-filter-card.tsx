import { LOG_SOURCES, type LogSource } from '@ehr-gateway/contracts';
import { Filter } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

import type { LogFilters } from '../api/get-logs';
import { sourceLabel } from './source-label';

export const LIMIT_OPTIONS = [10, 50, 100, 250] as const;
export const INITIAL_LIMIT = 25;
const ALL_SOURCES = 'all';

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
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2">
          <Filter aria-hidden="true" className="size-4" />
          Filters
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
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
          <div className="grid gap-2">
            <Label htmlFor={`${id}-source`}>Source</Label>
            <Select value={source} onValueChange={setSource}>
              <SelectTrigger id={`${id}-source`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL_SOURCES}>All sources</SelectItem>
                {LOG_SOURCES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {sourceLabel(value)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-limit`}>Limit</Label>
            <Select value={String(limit)} onValueChange={(value) => setLimit(Number(value))}>
              <SelectTrigger id={`${id}-limit`}>
                {/* The initial 25 is not one of the options, so the trigger renders the value itself. */}
                <SelectValue>{`${limit} logs`}</SelectValue>
              </SelectTrigger>
              <SelectContent>
                {LIMIT_OPTIONS.map((value) => (
                  <SelectItem key={value} value={String(value)}>
                    {value} logs
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button type="submit" className="sm:col-span-2 lg:col-span-1">
            Apply Filters
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
