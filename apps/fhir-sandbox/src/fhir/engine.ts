import { getStatus, isOk } from '@medplum/core';
import type { FhirRepository, FhirRouter, HttpMethod } from '@medplum/fhir-router';
import type { Resource } from '@medplum/fhirtypes';
import type { IncomingHttpHeaders } from 'node:http';

import { FhirReply } from '../outcome.js';

/**
 * One call into Medplum's FHIR router, as its REST layer would make it: the answer's resource,
 * or a FhirReply carrying the engine's own OperationOutcome and status.
 */
export async function callEngine<T extends Resource = Resource>(
  engine: { router: FhirRouter; repository: FhirRepository },
  method: HttpMethod,
  path: string,
  options: {
    query?: Record<string, string | string[]>;
    body?: unknown;
    headers?: IncomingHttpHeaders;
  } = {},
): Promise<{ status: number; resource: T }> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(options.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(name, item);
    }
  }
  const url = search.size ? `${path}?${search}` : path;
  const [outcome, resource] = await engine.router.handleRequest(
    {
      method,
      url,
      pathname: '',
      params: {},
      query: options.query ?? {},
      body: options.body,
      headers: options.headers ?? {},
    },
    engine.repository,
  );
  const status = getStatus(outcome);
  if (!isOk(outcome) || !resource) {
    throw new FhirReply(status >= 400 ? status : 500, outcome);
  }
  return { status, resource: resource as T };
}
