import type { GatewayConfig, GatewayConfigChange } from '@ehr-gateway/contracts';
import { History } from 'lucide-react';

import { RelativeTime } from '@/components/relative-time';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

import { useConfigHistory } from '../api/get-config-history';
import { CONFIG_FIELD_LABELS } from './config-field-labels';

const SHOWN_CHANGES = 5;

function display(value: GatewayConfig[keyof GatewayConfig] | undefined) {
  if (value === undefined) {
    return '—';
  }
  if (typeof value === 'boolean') {
    return value ? 'on' : 'off';
  }
  return value;
}

function changedFields(change: GatewayConfigChange) {
  return (Object.keys(CONFIG_FIELD_LABELS) as (keyof GatewayConfig)[]).filter(
    (field) => change.before[field] !== change.after[field],
  );
}

export function ConfigHistoryCard() {
  const { data, isPending, isError } = useConfigHistory();
  const changes = data?.slice(0, SHOWN_CHANGES) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History aria-hidden="true" className="size-4" />
          Recent Changes
        </CardTitle>
        <CardDescription>Who changed the gateway settings, and what changed</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">The change history could not be loaded.</p>
        ) : changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No changes yet.</p>
        ) : (
          <ol className="divide-y">
            {changes.map((change) => {
              const fields = changedFields(change);
              return (
                <li key={change.id} className="space-y-1 py-2.5 first:pt-0 last:pb-0">
                  <p className="text-sm">
                    <span className="font-medium">{change.changedBy}</span>{' '}
                    <span className="text-muted-foreground">
                      <RelativeTime at={change.changedAt} />
                    </span>
                  </p>
                  {fields.length === 0 ? (
                    <p className="text-xs text-muted-foreground">Saved without changes</p>
                  ) : (
                    <ul className="space-y-0.5 text-xs text-muted-foreground">
                      {fields.map((field) => (
                        <li key={field}>
                          {CONFIG_FIELD_LABELS[field]}:{' '}
                          <span className="font-mono">{display(change.before[field])}</span> →{' '}
                          <span className="font-mono text-foreground">
                            {display(change.after[field])}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
