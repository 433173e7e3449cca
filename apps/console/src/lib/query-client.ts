import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';

import { isApiError, NetworkError } from './api-client';

/** Per-query toast shown when the query fails (except for an ended session, which signs out). */
export interface QueryErrorToast {
  title: string;
  description: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorToast?: QueryErrorToast };
  }
}

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

export const STALE_TIME_MS = 5_000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        const errorToast = query.meta?.errorToast;
        if (!errorToast || isApiError(error, 401)) {
          return;
        }
        toast.error(errorToast.title, {
          description:
            error instanceof NetworkError ? UNEXPECTED_ERROR_MESSAGE : errorToast.description,
        });
      },
    }),
    mutationCache: new MutationCache(),
  });
}
