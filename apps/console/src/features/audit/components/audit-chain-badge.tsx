import { LoaderCircle, RefreshCw, ShieldAlert, ShieldCheck } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

import { useAuditVerification } from '../api/verify-audit-chain';

/** Whether the hash chain holds: recomputed by the gateway, shown with where it breaks if not. */
export function AuditChainBadge() {
  const { data, isPending, isError, isFetching, refetch } = useAuditVerification();
  return (
    <div className="flex flex-wrap items-center gap-2" aria-live="polite">
      {isPending ? (
        <Badge variant="secondary">
          <LoaderCircle aria-hidden="true" className="size-3 animate-spin" />
          Verifying chain…
        </Badge>
      ) : isError || !data ? (
        <Badge variant="warning">Chain not verified: the check failed</Badge>
      ) : data.valid ? (
        <Badge variant="success" title={`${data.checked} events checked`}>
          <ShieldCheck aria-hidden="true" className="size-3" />
          Chain verified
        </Badge>
      ) : (
        <Badge variant="error" title={data.reason ?? undefined}>
          <ShieldAlert aria-hidden="true" className="size-3" />
          Chain broken at event #{data.brokenAt}
        </Badge>
      )}
      {data && !data.valid && data.reason && (
        <span className="text-xs text-muted-foreground">{data.reason}</span>
      )}
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Verify the chain again"
        title="Verify again"
        disabled={isFetching}
        onClick={() => void refetch()}
      >
        <RefreshCw aria-hidden="true" className={isFetching ? 'animate-spin' : undefined} />
      </Button>
    </div>
  );
}
