import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';

import { ThemeProvider } from '@/components/theme-provider';
import { createQueryClient } from '@/lib/query-client';

export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    queryClient = createQueryClient(),
    ...options
  }: { route?: string; queryClient?: QueryClient } & Omit<RenderOptions, 'wrapper'> = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
          <Toaster visibleToasts={1} duration={5000} />
        </QueryClientProvider>
      </ThemeProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}
