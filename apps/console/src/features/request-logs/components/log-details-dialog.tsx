import type { LogEntryDetail } from '@ehr-gateway/contracts';
import { CircleAlert, Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';

import { CodeBlock } from '@/components/code-block';
import { CopyButton } from '@/components/copy-button';
import { MethodBadge } from '@/components/method-badge';
import { StatusBadge } from '@/components/status-badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/lib/current-user';
import { DetailField } from '@/components/detail-field';
import { formatDateTime, formatJson, formatRelativeTime, formatResponseTime } from '@/lib/format';

import { useLog } from '../api/get-log';
import { sourceLabel } from './source-label';

const COPY_CONFIRM_MS = 2000;

export function hasResponseData(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

/** The spec's fallbacks, in order: the recorded message, a pointer to the body, or nothing known. */
export function errorSummary(log: Pick<LogEntryDetail, 'error' | 'responseData'>): string {
  if (log.error) {
    return log.error.message || 'Unknown error';
  }
  if (hasResponseData(log.responseData)) {
    return 'Error details in response data';
  }
  return 'Error occurred but no details available';
}

function JsonBlock({
  title,
  value,
  copyLabel,
}: {
  title: string;
  value: string;
  copyLabel: string;
}) {
  return (
    <section className="space-y-2" aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{title}</h3>
        <CopyButton
          text={value}
          label={copyLabel}
          confirmMs={COPY_CONFIRM_MS}
          successMessage={`${title} copied to clipboard`}
          failureMessage="Failed to copy"
        />
      </div>
      <CodeBlock>{value}</CodeBlock>
    </section>
  );
}

/** What the bodies below are: masked, shown in full, not kept, or removed by retention. */
function PayloadNotice({
  payload,
  showingPhi,
  onShowPhi,
}: {
  payload: LogEntryDetail['payload'];
  showingPhi: boolean;
  onShowPhi: (show: boolean) => void;
}) {
  const mayShowPhi = useCan('logs:phi');
  if (payload.purged) {
    return (
      <Callout>
        <p>The bodies of this request were deleted by payload retention; its details stay.</p>
      </Callout>
    );
  }
  if (payload.capture === 'metadata') {
    return (
      <Callout>
        <p>Payload capture was set to metadata only: no bodies were kept for this request.</p>
      </Callout>
    );
  }
  if (showingPhi && !payload.masked) {
    return (
      <Callout variant="privacy">
        <p>Showing patient data. This view was recorded in the audit log.</p>
        <Button variant="outline" size="sm" onClick={() => onShowPhi(false)}>
          <EyeOff aria-hidden="true" />
          Hide PHI
        </Button>
      </Callout>
    );
  }
  if (!payload.masked) {
    return null;
  }
  return (
    <Callout variant="privacy">
      <p>
        <span className="font-semibold">PHI masked.</span> Names, dates of birth, contact details
        and free text were replaced with ***{' '}
        {payload.capture === 'masked'
          ? 'before they were stored.'
          : payload.phiAvailable
            ? 'in this view; the full payload is kept encrypted.'
            : 'for you; users with PHI access can see the full payload.'}
      </p>
      {payload.phiAvailable && mayShowPhi && (
        <Button variant="outline" size="sm" onClick={() => onShowPhi(true)}>
          <Eye aria-hidden="true" />
          Show PHI
        </Button>
      )}
    </Callout>
  );
}

function LogDetailsBody({
  log,
  showingPhi,
  onShowPhi,
}: {
  log: LogEntryDetail;
  showingPhi: boolean;
  onShowPhi: (show: boolean) => void;
}) {
  const requestData = formatJson(log.requestData);
  const responsePresent = hasResponseData(log.responseData);
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <DetailField label="Time">
          <time dateTime={log.timestamp}>{formatDateTime(log.timestamp)}</time>
          <span className="block text-xs text-muted-foreground">
            {formatRelativeTime(log.timestamp)}
          </span>
        </DetailField>
        <DetailField label="Source">{sourceLabel(log.source)}</DetailField>
        <DetailField label="Method">
          <MethodBadge method={log.method} />
        </DetailField>
        <DetailField label="Status">
          <StatusBadge status={log.status} />
        </DetailField>
        <DetailField label="Response Time">
          {formatResponseTime(log.responseTime)}
          {log.upstreamMs !== null && (
            <span className="block text-xs text-muted-foreground">
              {formatResponseTime(log.upstreamMs)} upstream
            </span>
          )}
        </DetailField>
        <DetailField label="API Key">{log.apiKeyName ?? 'None'}</DetailField>
        <DetailField label="Endpoint" className="col-span-2 sm:col-span-3">
          <code className="font-mono text-xs break-all">{log.endpoint}</code>
          {log.route && log.route !== log.endpoint && (
            <span className="block text-xs text-muted-foreground">
              Route <code className="font-mono">{log.route}</code>
            </span>
          )}
        </DetailField>
        <DetailField label="Request ID" className="col-span-2 sm:col-span-3">
          <code className="font-mono text-xs">{log.requestId}</code>
        </DetailField>
        {log.traceId && (
          <DetailField label="Trace ID" className="col-span-2 sm:col-span-3">
            <span className="flex items-center gap-1">
              <code className="font-mono text-xs break-all">{log.traceId}</code>
              <CopyButton text={log.traceId} label="Copy trace ID" />
            </span>
          </DetailField>
        )}
      </dl>

      {log.status >= 400 && (
        <section
          aria-label="Error Details"
          className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <CircleAlert aria-hidden="true" className="size-4" />
            Error Details
          </h3>
          <p className="text-sm">{errorSummary(log)}</p>
          {log.error?.stack && (
            <CodeBlock className="max-h-48 border-0 bg-transparent p-0">
              {log.error.stack}
            </CodeBlock>
          )}
        </section>
      )}

      <PayloadNotice payload={log.payload} showingPhi={showingPhi} onShowPhi={onShowPhi} />

      <JsonBlock title="Request Data" value={requestData} copyLabel="Copy request data" />

      {responsePresent ? (
        <div className="space-y-1">
          <JsonBlock
            title="Response Data"
            value={formatJson(log.responseData)}
            copyLabel="Copy response data"
          />
          {log.responseTruncated && (
            <p className="text-xs text-muted-foreground">
              The response was large; only its beginning was captured.
            </p>
          )}
        </div>
      ) : (
        <section className="space-y-2" aria-label="Response Data">
          <h3 className="text-sm font-semibold">Response Data</h3>
          <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
            No response data captured for this request
          </p>
        </section>
      )}
    </div>
  );
}

export function LogDetailsDialog({
  logId,
  onOpenChange,
}: {
  logId: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [showPhi, setShowPhi] = useState(false);
  const { data, isPending, isError } = useLog(logId, showPhi);

  function handleOpenChange(open: boolean) {
    if (!open) {
      // Patient data is shown for one look at one entry, never carried over to the next.
      setShowPhi(false);
    }
    onOpenChange(open);
  }

  return (
    <Dialog open={logId !== null} onOpenChange={handleOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Log Details</DialogTitle>
          <DialogDescription>
            The request as the gateway received and answered it.
          </DialogDescription>
        </DialogHeader>
        {isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : isError || !data ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            Failed to load the log entry. Please try again.
          </p>
        ) : (
          <LogDetailsBody log={data} showingPhi={showPhi} onShowPhi={setShowPhi} />
        )}
      </DialogContent>
    </Dialog>
  );
}
