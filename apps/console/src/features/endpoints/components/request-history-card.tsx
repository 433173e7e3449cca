import { History, RotateCcw, Trash2 } from 'lucide-react';
import { useId } from 'react';

import { MethodBadge } from '@/components/method-badge';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatRelativeTime, formatResponseTime } from '@/lib/format';

import type { HistoryEntry } from '../lib/request-history';

/** The last requests sent from this browser, each to send again or forget. */
export function RequestHistoryCard({
  entries,
  onReplay,
  onDelete,
  onClear,
}: {
  entries: HistoryEntry[];
  onReplay: (entry: HistoryEntry) => void;
  onDelete: (entry: HistoryEntry) => void;
  onClear: () => void;
}) {
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 space-y-1.5">
          <CardTitle id={`${id}-title`} className="flex items-center gap-2">
            <History aria-hidden="true" className="size-4" />
            History
          </CardTitle>
          <CardDescription>
            The last 50 requests from this browser. Queries, headers and bodies stay in this tab
            only; secret header values are never kept.
          </CardDescription>
        </div>
        {entries.length > 0 && (
          <Button variant="outline" size="sm" onClick={onClear}>
            Clear history
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Requests you send appear here.</p>
        ) : (
          <ul className="divide-y" aria-label="Sent requests">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <MethodBadge method={entry.method} />
                <code className="min-w-0 flex-1 font-mono text-xs break-all">{entry.url}</code>
                {entry.status === 0 ? (
                  <Badge variant="error">No Response</Badge>
                ) : (
                  <StatusBadge status={entry.status} />
                )}
                <span className="text-xs text-muted-foreground">
                  {formatResponseTime(entry.time)} ·{' '}
                  <time dateTime={entry.at}>{formatRelativeTime(entry.at)}</time>
                </span>
                <span className="flex gap-1">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Replay: load ${entry.method} ${entry.url} into the tester`}
                    onClick={() => onReplay(entry)}
                  >
                    <RotateCcw aria-hidden="true" />
                    Replay
                  </Button>
                  <Button
                    variant="outline"
                    size="icon-sm"
                    aria-label={`Delete ${entry.method} ${entry.url} from history`}
                    title="Delete from history"
                    onClick={() => onDelete(entry)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
