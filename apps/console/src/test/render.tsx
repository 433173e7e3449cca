import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

import { permissionsOf, type Role, type SessionUser } from '@ehr-gateway/contracts';

import { ThemeProvider } from '@/components/theme-provider';
import { ToasterHost } from '@/components/toaster-host';
import { CurrentUserProvider } from '@/lib/current-user';
import { createQueryClient } from '@/lib/query-client';
import { TOAST_DURATION_MS } from '@/lib/toast-queue';

/** A signed-in user of a role, as GET /admin/session describes them. */
export function sessionUser(role: Role, phiAccess = false): SessionUser {
  return {
    id: `${role}-id`,
    username: role,
    displayName: `${role.charAt(0).toUpperCase()}${role.slice(1)} User`,
    role,
    phiAccess,
    permissions: permissionsOf({ role, phiAccess }),
    mustChangePassword: false,
    secondFactor: false,
    mustEnrolSecondFactor: false,
  };
}

export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    queryClient = createQueryClient(),
    user,
    ...options
  }: {
    route?: string;
    queryClient?: QueryClient;
    /** Renders as this signed-in user; without one, as if outside the signed-in shell. */
    user?: SessionUser;
  } & Omit<RenderOptions, 'wrapper'> = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    const routed = <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>;
    return (
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          {user ? <CurrentUserProvider user={user}>{routed}</CurrentUserProvider> : routed}
          <ToasterHost visibleToasts={1} duration={TOAST_DURATION_MS} />
        </QueryClientProvider>
      </ThemeProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}
