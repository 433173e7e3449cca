import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { OpenApiDocument } from '../lib/openapi';

/** The gateway's own OpenAPI 3.1 document (public, same origin), generated from its route schemas. */
export async function getOpenApiDocument(signal?: AbortSignal): Promise<OpenApiDocument> {
  return api.get<OpenApiDocument>('/openapi.json', { signal });
}

export function getOpenApiDocumentQueryOptions() {
  return queryOptions({
    queryKey: ['openapi'],
    queryFn: ({ signal }) => getOpenApiDocument(signal),
    // The document changes only when the gateway is redeployed or its apiRoot changes.
    staleTime: 5 * 60_000,
    meta: {
      errorToast: {
        title: 'Error',
        description: 'Failed to load the API documentation. Please try again.',
      },
    },
  });
}

export function useOpenApiDocument() {
  return useQuery(getOpenApiDocumentQueryOptions());
}
