import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Activity, X } from 'lucide-react';
import type { RefObject } from 'react';
import { Link, NavLink } from 'react-router';

import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/current-user';
import { cn } from '@/lib/utils';

import { NAV_GROUPS, type NavGroup } from './nav-items';

export const SIDEBAR_ID = 'app-sidebar';

const itemClass =
  'flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium text-foreground/80 transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';
const activeClass =
  'bg-sidebar-active text-sidebar-active-foreground hover:bg-sidebar-active hover:text-sidebar-active-foreground';

/** The navigation the signed-in user may use: items they lack the permission for are left out. */
function useVisibleNavGroups(): NavGroup[] {
  const user = useCurrentUser();
  return NAV_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter(
      (item) => item.kind === 'anchor' || !user || user.permissions.includes(item.permission),
    ),
  })).filter((group) => group.items.length > 0);
}

export function SidebarNav({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const groups = useVisibleNavGroups();
  return (
    <nav aria-label="Main" className="flex flex-col gap-5 p-3">
      {groups.map((group) => (
        <div key={group.id} className="space-y-1">
          <p
            id={`nav-group-${group.id}${collapsed ? '-collapsed' : ''}`}
            className={cn(
              'px-3 pb-1 text-xs font-semibold tracking-wider text-muted-foreground',
              collapsed && 'sr-only',
            )}
          >
            {group.label}
          </p>
          <ul
            aria-labelledby={`nav-group-${group.id}${collapsed ? '-collapsed' : ''}`}
            className="space-y-0.5"
          >
            {group.items.map((item) => (
              <li key={item.label}>
                {item.kind === 'route' ? (
                  <NavLink
                    to={item.to}
                    end={item.to === '/'}
                    title={collapsed ? item.label : undefined}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      cn(itemClass, collapsed && 'justify-center px-0', isActive && activeClass)
                    }
                  >
                    <item.icon aria-hidden="true" className="size-4 shrink-0" />
                    <span className={cn(collapsed && 'sr-only')}>{item.label}</span>
                  </NavLink>
                ) : (
                  <Link
                    to={{ pathname: '/', hash: item.hash }}
                    title={collapsed ? item.label : undefined}
                    onClick={onNavigate}
                    className={cn(itemClass, collapsed && 'justify-center px-0')}
                  >
                    <span className="flex size-4 shrink-0 items-center justify-center">
                      <span
                        aria-hidden="true"
                        className={cn('size-2.5 rounded-full', item.dotClassName)}
                      />
                    </span>
                    <span className={cn(collapsed && 'sr-only')}>{item.label}</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The desktop sidebar (768 px and wider): full width or an icon rail. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  return (
    <aside
      id={SIDEBAR_ID}
      aria-label="Sidebar"
      data-collapsed={collapsed || undefined}
      className={cn(
        'hidden shrink-0 border-r bg-sidebar transition-[width] duration-200 md:block',
        collapsed ? 'w-16' : 'w-60',
      )}
    >
      <div className="sticky top-14 max-h-[calc(100dvh-3.5rem)] overflow-y-auto">
        <SidebarNav collapsed={collapsed} />
      </div>
    </aside>
  );
}

/** Below 768 px the sidebar is a modal drawer: opened from the header, closed from inside. */
export function MobileSidebar({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button lives outside this dialog, so Radix cannot find it on its own. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60 md:hidden" />
        <DialogPrimitive.Content
          id={`${SIDEBAR_ID}-mobile`}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (returnFocusTo?.current) {
              event.preventDefault();
              returnFocusTo.current.focus();
            }
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r bg-sidebar shadow-xl focus:outline-none md:hidden"
        >
          <div className="flex h-14 items-center justify-between border-b px-4">
            <DialogPrimitive.Title className="sr-only">Navigation menu</DialogPrimitive.Title>
            <Link
              to="/"
              onClick={() => onOpenChange(false)}
              className="flex items-center gap-2 rounded-sm font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <Activity aria-hidden="true" className="size-5 text-primary dark:text-blue-400" />
              EHR API Gateway
            </Link>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon-sm" aria-label="Close menu">
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <div className="flex-1 overflow-y-auto">
            <SidebarNav onNavigate={() => onOpenChange(false)} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
