import type { Alert } from '@ehr-gateway/contracts';
import { Bell, CheckCheck, CircleAlert, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { formatRelativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';

import { useAlerts } from '../api/get-alerts';
import { useMarkAlertsRead } from '../api/mark-alerts-read';

/** The badge stops counting here; the list still shows every alert. */
const BADGE_MAX = 9;

function AlertEntry({ alert, onMarkRead }: { alert: Alert; onMarkRead: (id: string) => void }) {
  const cleared = alert.clearedAt !== null;
  const unread = !alert.read && !cleared;
  const Icon = alert.severity === 'critical' ? CircleAlert : TriangleAlert;
  return (
    <DropdownMenuGroup
      aria-label={alert.title}
      className="border-b last:border-b-0 [&:not(:first-child)]:pt-1"
    >
      <DropdownMenuItem
        asChild
        className="items-start"
        onSelect={() => {
          if (unread) {
            onMarkRead(alert.id);
          }
        }}
      >
        <Link to={alert.link}>
          <Icon
            aria-hidden="true"
            className={cn(
              'mt-0.5 shrink-0',
              cleared
                ? 'text-muted-foreground'
                : alert.severity === 'critical'
                  ? 'text-red-700 dark:text-red-400'
                  : 'text-amber-700 dark:text-amber-400',
            )}
          />
          <span className="min-w-0 flex-1 space-y-0.5">
            <span className={cn('block', unread ? 'font-semibold' : 'font-medium')}>
              {alert.title}
              {unread && <span className="sr-only"> (unread)</span>}
            </span>
            <span className="block text-xs text-muted-foreground">{alert.message}</span>
            <span className="block text-xs text-muted-foreground">
              {cleared
                ? `Resolved ${formatRelativeTime(alert.clearedAt)}`
                : `Raised ${formatRelativeTime(alert.raisedAt)}`}
            </span>
          </span>
          {unread && (
            <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
          )}
        </Link>
      </DropdownMenuItem>
      {unread && (
        <DropdownMenuItem
          className="ml-6 w-fit text-xs text-muted-foreground"
          onSelect={(event) => {
            // Marking one read keeps the list open for the next.
            event.preventDefault();
            onMarkRead(alert.id);
          }}
        >
          Mark as read
        </DropdownMenuItem>
      )}
    </DropdownMenuGroup>
  );
}

/** The header's bell: unread open alerts counted on it, the alerts listed under it. */
export function NotificationsMenu() {
  const { data, isError } = useAlerts();
  const markRead = useMarkAlertsRead();
  const unread = data?.unread ?? 0;
  const alerts = data?.alerts ?? [];
  const label = unread === 0 ? 'Notifications: none unread' : `Notifications: ${unread} unread`;

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={label}
          title="Notifications"
        >
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="notification-count"
              className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-700 px-0.5 text-[10px] leading-none font-bold text-white"
            >
              {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] overflow-y-auto"
      >
        <div className="flex items-center justify-between gap-2">
          <DropdownMenuLabel className="text-sm text-foreground">Notifications</DropdownMenuLabel>
          {unread > 0 && (
            <DropdownMenuItem
              className="text-xs"
              onSelect={(event) => {
                event.preventDefault();
                markRead.mutate(undefined);
              }}
            >
              <CheckCheck aria-hidden="true" />
              Mark all read
            </DropdownMenuItem>
          )}
        </div>
        <DropdownMenuSeparator />
        {isError && alerts.length === 0 ? (
          <p className="px-2 py-4 text-center text-sm text-muted-foreground">
            Could not load notifications.
          </p>
        ) : alerts.length === 0 ? (
          <p className="px-2 py-4 text-center text-sm text-muted-foreground">
            No alerts. The gateway, its database and the EHRs look healthy.
          </p>
        ) : (
          alerts.map((alert) => (
            <AlertEntry key={alert.id} alert={alert} onMarkRead={(id) => markRead.mutate(id)} />
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
