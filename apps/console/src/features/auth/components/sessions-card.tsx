import type { SessionSummary } from '@ehr-gateway/contracts';
import { LogOut, Monitor } from 'lucide-react';
import { toast } from '@/lib/toast';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatRelativeTime } from '@/lib/format';

import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

/** A user agent as a person reads it: the browser and the system, roughly. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) {
    return 'Unknown browser';
  }
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Android/.test(userAgent)
          ? 'Android'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return browser && system
    ? `${browser} on ${system}`
    : (browser ?? system ?? userAgent.slice(0, 60));
}

function SessionRow({ session }: { session: SessionSummary }) {
  const revoke = useRevokeSession();
  return (
    <li className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
      <Monitor aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium" title={session.userAgent ?? undefined}>
            {describeUserAgent(session.userAgent)}
          </p>
          {session.current && <Badge variant="success">This browser</Badge>}
        </div>
        <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
          <span>{session.ip ?? 'Unknown address'}</span>
          <span title={formatDateTime(session.createdAt)}>
            Signed in {formatRelativeTime(session.createdAt)}
          </span>
          <span title={formatDateTime(session.lastSeenAt)}>
            Last active {formatRelativeTime(session.lastSeenAt)}
          </span>
        </p>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          disabled={revoke.isPending}
          aria-label={`Sign out ${describeUserAgent(session.userAgent)} at ${session.ip ?? 'an unknown address'}`}
          onClick={() =>
            revoke.mutate(session.id, {
              onSuccess: () =>
                toast.success('Session Ended', { description: 'That browser was signed out.' }),
              onError: () => toast.error('Error', { description: 'Failed to end the session.' }),
            })
          }
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

export function SessionsCard() {
  const { data: sessions, isPending, isError } = useSessions();
  const everywhere = useSignOutEverywhere();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>
          Where you are signed in. Sign out a browser you do not recognise, or everywhere at once.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isPending ? (
          <ul aria-busy="true" aria-label="Loading sessions" className="divide-y rounded-lg border">
            {Array.from({ length: 2 }, (_, index) => (
              <li key={index} className="flex items-center gap-3 p-3">
                <Skeleton className="size-5" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-3 w-64" />
                </div>
              </li>
            ))}
          </ul>
        ) : isError || !sessions ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            Failed to load your sessions.
          </p>
        ) : (
          <ul aria-label="Your sessions" className="divide-y rounded-lg border">
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
        <ConfirmDialog
          trigger={
            <Button variant="outline">
              <LogOut aria-hidden="true" />
              Sign out everywhere
            </Button>
          }
          title="Sign out everywhere"
          description="Every session you have ends now, this one included. You will need to sign in again."
          confirmLabel="Sign out everywhere"
          onConfirm={() => everywhere.mutate()}
        />
      </CardContent>
    </Card>
  );
}
