import type { ApiKeySummary } from '@ehr-gateway/contracts';
import { CopyX, KeyRound } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/lib/current-user';
import { formatDate, formatDateTime, formatRelativeTime } from '@/lib/format';

import { useHeldKey } from '../lib/held-keys';
import { ApiKeyDetailsDialog } from './api-key-details-dialog';
import { CopyKeyButton } from './copy-key-button';
import { DeleteApiKeyButton } from './delete-api-key-button';

export const NO_KEYS_MESSAGE = 'No API keys found. Generate a new key to get started.';

const DAY_MS = 24 * 60 * 60 * 1000;

function isExpired(expiresAt: string | null, now = Date.now()) {
  return expiresAt !== null && new Date(expiresAt).getTime() <= now;
}

/** "Expires in 12 d", "Expires today" or "Expired". */
export function expiryText(expiresAt: string, now = Date.now()): string {
  const left = new Date(expiresAt).getTime() - now;
  if (left <= 0) {
    return 'Expired';
  }
  const days = Math.floor(left / DAY_MS);
  return days === 0 ? 'Expires today' : `Expires in ${days} d`;
}

/** "Limits 60/min · 5,000/day"; nothing for an unlimited key. */
function KeyLimits({ apiKey }: { apiKey: ApiKeySummary }) {
  const parts = [
    apiKey.effectiveRateLimit === null ? null : `${apiKey.effectiveRateLimit}/min`,
    apiKey.quota === null ? null : `${apiKey.quota.toLocaleString()}/day`,
  ].filter(Boolean);
  return parts.length ? <span>Limits {parts.join(' · ')}</span> : null;
}

export const FULL_KEY_GONE =
  'The full key is shown only once, when it is created or rotated; this page no longer holds it.';

/** Copies the full key while this page holds it from creation; otherwise says why it cannot. */
function ListCopyButton({ apiKey }: { apiKey: ApiKeySummary }) {
  const fullKey = useHeldKey(apiKey.id);
  if (fullKey) {
    return <CopyKeyButton value={fullKey} label={`Copy API key ${apiKey.name}`} />;
  }
  return (
    <span
      tabIndex={0}
      role="note"
      title={FULL_KEY_GONE}
      aria-label={`Copy unavailable for ${apiKey.name}: ${FULL_KEY_GONE}`}
      className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <CopyX aria-hidden="true" className="size-4" />
    </span>
  );
}

function ScopeBadges({ scopes }: { scopes: ApiKeySummary['scopes'] }) {
  if (scopes === null) {
    return <Badge variant="secondary">All scopes</Badge>;
  }
  return (
    <>
      {scopes.map((scope) => (
        <Badge key={scope} variant="outline" className="font-mono font-medium">
          {scope}
        </Badge>
      ))}
    </>
  );
}

export function ApiKeyListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <ul aria-busy="true" aria-label="Loading API keys" className="divide-y rounded-lg border">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="flex items-center gap-3 p-3">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-48" />
          </div>
          <Skeleton className="size-8" />
          <Skeleton className="size-8" />
        </li>
      ))}
    </ul>
  );
}

export function ApiKeyList({
  keys,
  isPending,
}: {
  keys: ApiKeySummary[] | undefined;
  isPending: boolean;
}) {
  const canWrite = useCan('keys:write');
  if (isPending) {
    return <ApiKeyListSkeleton />;
  }
  if (!keys?.length) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
        <KeyRound aria-hidden="true" className="size-6 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">{NO_KEYS_MESSAGE}</p>
      </div>
    );
  }
  return (
    <ul aria-label="API keys" className="divide-y rounded-lg border">
      {keys.map((apiKey) => (
        <li key={apiKey.id} className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <p className="truncate font-medium">{apiKey.name}</p>
              {isExpired(apiKey.expiresAt) && <Badge variant="error">Expired</Badge>}
              {apiKey.previousKeyExpiresAt && (
                <Badge variant="warning" title={formatDateTime(apiKey.previousKeyExpiresAt)}>
                  Old key works until {formatDateTime(apiKey.previousKeyExpiresAt)}
                </Badge>
              )}
            </div>
            <div className="flex flex-wrap gap-1" aria-label="Scopes">
              <ScopeBadges scopes={apiKey.scopes} />
            </div>
            <code className="block truncate font-mono text-xs text-muted-foreground">
              {apiKey.key}
            </code>
            <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
              <span title={formatDateTime(apiKey.createdAt)}>
                Created {formatDate(apiKey.createdAt)}
              </span>
              <span title={apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : undefined}>
                {apiKey.lastUsedAt
                  ? `Last used ${formatRelativeTime(apiKey.lastUsedAt)}`
                  : 'Never used'}
              </span>
              {apiKey.expiresAt && (
                <span title={formatDateTime(apiKey.expiresAt)}>{expiryText(apiKey.expiresAt)}</span>
              )}
              <KeyLimits apiKey={apiKey} />
            </p>
          </div>
          <div className="flex items-center gap-1">
            <ListCopyButton apiKey={apiKey} />
            <ApiKeyDetailsDialog apiKey={apiKey} />
            {canWrite && <DeleteApiKeyButton apiKey={apiKey} />}
          </div>
        </li>
      ))}
    </ul>
  );
}
