import { useId } from 'react';

import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatResponseTime } from '@/lib/format';

import { parseServerTiming } from '../lib/request-snippets';
import type { TestResponse } from '../lib/send-test-request';

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** The gateway's own time and the time it waited on the EHR, side by side. */
function ServerTimingBar({ timings }: { timings: Array<{ name: string; ms: number }> }) {
  const gateway = timings.find((timing) => timing.name === 'gateway')?.ms;
  if (gateway === undefined || gateway <= 0) {
    return null;
  }
  const upstream = Math.min(timings.find((timing) => timing.name === 'upstream')?.ms ?? 0, gateway);
  const own = gateway - upstream;
  const summary =
    upstream > 0
      ? `${formatResponseTime(gateway)} in the gateway, of which ${formatResponseTime(upstream)} waiting on the EHR`
      : `${formatResponseTime(gateway)} in the gateway, no upstream call`;
  return (
    <figure className="space-y-1" aria-label="Server timing">
      <div
        role="img"
        aria-label={summary}
        className="flex h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-blue-600" style={{ width: `${(own / gateway) * 100}%` }} />
        <div className="h-full bg-amber-500" style={{ width: `${(upstream / gateway) * 100}%` }} />
      </div>
      <figcaption className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block size-2 rounded-full bg-blue-600" />
          Gateway {formatResponseTime(own)}
        </span>
        {upstream > 0 && (
          <span>
            <span
              aria-hidden="true"
              className="mr-1 inline-block size-2 rounded-full bg-amber-500"
            />
            Upstream {formatResponseTime(upstream)}
          </span>
        )}
      </figcaption>
    </figure>
  );
}

/** The answer to the last request: status, time, size, timing split, headers and body. */
export function ResponseViewer({ response }: { response: TestResponse }) {
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-response`}>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id={`${id}-response`}>Response</CardTitle>
          {response.status === 0 ? (
            <Badge variant="error">0 No Response</Badge>
          ) : (
            <StatusBadge status={response.status} />
          )}
          <span className="text-sm text-muted-foreground">{formatResponseTime(response.time)}</span>
          {/* A response kept from before sizes were measured has none. */}
          {response.status !== 0 && typeof response.size === 'number' && (
            <span className="text-sm text-muted-foreground">{formatBytes(response.size)}</span>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ServerTimingBar
          timings={parseServerTiming(
            response.headers.find(([name]) => name === 'server-timing')?.[1],
          )}
        />
        {response.headers.length > 0 && (
          <details className="rounded-md border">
            <summary className="cursor-pointer px-3 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
              Response headers ({response.headers.length})
            </summary>
            <dl
              aria-label="Response headers"
              className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 border-t px-3 py-2 font-mono text-xs"
            >
              {response.headers.map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="font-semibold break-all">{name}</dt>
                  <dd className="break-all text-muted-foreground">{value}</dd>
                </div>
              ))}
            </dl>
          </details>
        )}
        <pre
          tabIndex={0}
          aria-label="Response body"
          className="max-h-[32rem] overflow-auto rounded-md border bg-muted p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {response.data || '(empty body)'}
        </pre>
      </CardContent>
    </Card>
  );
}
