import {
  Activity,
  LogOut,
  Menu,
  Moon,
  PanelLeft,
  PanelLeftClose,
  Search,
  ShieldCheck,
  Sun,
  User,
  UserCog,
} from 'lucide-react';
import { useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { CONSOLE_PATHS } from '@ehr-gateway/contracts';

import { useTheme } from '@/components/theme-provider';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { TWO_STEP_SIGN_IN_LINK } from '@/lib/console-links';
import { isTheme } from '@/lib/theme';

import { SIDEBAR_ID } from './sidebar';

function ThemeToggle() {
  const { resolvedTheme, toggleTheme } = useTheme();
  const next = resolvedTheme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={toggleTheme}
    >
      {resolvedTheme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}

function DocumentationSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  // The box shows the search the Endpoints page is filtered by, and follows it when it changes.
  const urlQuery =
    location.pathname === '/endpoints' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [query, setQuery] = useState(urlQuery);
  const [shownUrlQuery, setShownUrlQuery] = useState(urlQuery);
  if (urlQuery !== shownUrlQuery) {
    setShownUrlQuery(urlQuery);
    setQuery(urlQuery);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = query.trim();
    void navigate(trimmed ? `/endpoints?q=${encodeURIComponent(trimmed)}` : '/endpoints');
  }

  return (
    <form
      role="search"
      onSubmit={handleSubmit}
      className="relative hidden w-full max-w-sm lg:block"
    >
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        type="search"
        aria-label="Search documentation"
        placeholder="Search documentation…"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className="h-9 w-full rounded-md border border-input bg-background pr-3 pl-8 text-sm text-foreground placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      />
    </form>
  );
}

function UserMenu({
  displayName,
  userDetail,
  onSignOut,
}: {
  displayName: string;
  userDetail?: string;
  onSignOut: () => void;
}) {
  const { theme, setTheme } = useTheme();
  return (
    // Non-modal: a modal menu hides the page with aria-hidden while focusable controls remain.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2 sm:px-3" aria-label={displayName}>
          <span className="flex size-7 items-center justify-center rounded-full bg-secondary">
            <User aria-hidden="true" className="size-4" />
          </span>
          <span className="hidden max-w-40 truncate sm:inline">{displayName}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          Signed in as <span className="text-foreground">{displayName}</span>
          {userDetail && (
            <span className="block text-xs font-normal text-muted-foreground">{userDetail}</span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <Link to={CONSOLE_PATHS.account}>
            <UserCog aria-hidden="true" />
            My account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={TWO_STEP_SIGN_IN_LINK}>
            <ShieldCheck aria-hidden="true" />
            Two-step sign-in
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={theme}
          onValueChange={(value) => isTheme(value) && setTheme(value)}
        >
          <DropdownMenuRadioItem value="light">Light</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="dark">Dark</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="system">System</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export interface HeaderProps {
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  onOpenMobileSidebar: () => void;
  menuButtonRef?: Ref<HTMLButtonElement>;
  environmentBadge?: ReactNode;
  /** The bell and its list (from the alerts feature). */
  notifications?: ReactNode;
  displayName: string;
  /** Under the name in the user menu: username, role, PHI access. */
  userDetail?: string;
  onSignOut: () => void;
}

export function Header({
  sidebarCollapsed,
  onToggleSidebar,
  onOpenMobileSidebar,
  menuButtonRef,
  environmentBadge,
  notifications,
  displayName,
  userDetail,
  onSignOut,
}: HeaderProps) {
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-1 border-b bg-card/95 px-2 backdrop-blur sm:gap-2 sm:px-4">
      <Button
        ref={menuButtonRef}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        onClick={onOpenMobileSidebar}
      >
        <Menu aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="hidden md:inline-flex"
        aria-label={sidebarCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        aria-expanded={!sidebarCollapsed}
        aria-controls={SIDEBAR_ID}
        onClick={onToggleSidebar}
      >
        {sidebarCollapsed ? (
          <PanelLeft aria-hidden="true" />
        ) : (
          <PanelLeftClose aria-hidden="true" />
        )}
      </Button>

      <Link
        to="/"
        className="flex min-w-0 items-center gap-2 rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <Activity
          aria-hidden="true"
          className="hidden size-5 shrink-0 text-primary min-[420px]:block dark:text-blue-400"
        />
        <span className="truncate text-sm font-semibold sm:text-base">EHR API Gateway</span>
      </Link>
      {environmentBadge}

      <div className="flex flex-1 justify-center lg:px-4">
        <DocumentationSearch />
      </div>

      <div className="flex items-center gap-1">
        <ThemeToggle />
        {notifications}
        <UserMenu displayName={displayName} userDetail={userDetail} onSignOut={onSignOut} />
      </div>
    </header>
  );
}
