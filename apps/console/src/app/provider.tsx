import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';

import { ThemeProvider, useTheme } from '@/components/theme-provider';
import { ToasterHost } from '@/components/toaster-host';
import { getSessionQueryOptions } from '@/features/auth/api/get-session';
import { onUnauthorized } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { TOAST_DURATION_MS } from '@/lib/toast-queue';

export const queryClient = createQueryClient();

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <ToasterHost
      theme={resolvedTheme}
      position="bottom-right"
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      closeButton
      toastOptions={{ classNames: { description: '!text-current opacity-90' } }}
    />
  );
}

export function AppProvider({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  useEffect(
    () =>
      // A 401 from any admin call means the session is over: show the sign-in screen in place.
      onUnauthorized(() => client.setQueryData(getSessionQueryOptions().queryKey, null)),
    [client],
  );

  return (
    <ThemeProvider>
      <QueryClientProvider client={client}>
        {children}
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
