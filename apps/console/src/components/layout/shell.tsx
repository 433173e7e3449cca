import { useCallback, useRef, useState, type ReactNode } from 'react';

import { Header, type HeaderProps } from './header';
import { MobileSidebar, Sidebar } from './sidebar';

const COLLAPSED_STORAGE_KEY = 'sidebar-collapsed';

function readCollapsed() {
  try {
    return localStorage.getItem(COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function Shell({
  children,
  ...headerProps
}: { children: ReactNode } & Omit<
  HeaderProps,
  'sidebarCollapsed' | 'onToggleSidebar' | 'onOpenMobileSidebar' | 'menuButtonRef'
>) {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [mobileOpen, setMobileOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const toggleCollapsed = useCallback(() => {
    setCollapsed((current) => {
      try {
        localStorage.setItem(COLLAPSED_STORAGE_KEY, String(!current));
      } catch {
        // Not persisted; the toggle still works for this page.
      }
      return !current;
    });
  }, []);

  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header
        {...headerProps}
        sidebarCollapsed={collapsed}
        onToggleSidebar={toggleCollapsed}
        onOpenMobileSidebar={() => setMobileOpen(true)}
        menuButtonRef={menuButtonRef}
      />
      <div className="flex min-h-[calc(100dvh-3.5rem)]">
        <Sidebar collapsed={collapsed} />
        <main
          id="main-content"
          tabIndex={-1}
          className="min-w-0 flex-1 p-4 focus:outline-none md:p-6"
        >
          <div className="mx-auto max-w-7xl">{children}</div>
        </main>
      </div>
      <MobileSidebar open={mobileOpen} onOpenChange={setMobileOpen} returnFocusTo={menuButtonRef} />
    </div>
  );
}
