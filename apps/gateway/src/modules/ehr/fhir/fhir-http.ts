import { HEADERS } from '@ehr-gateway/contracts';

import { HttpError } from '../../../lib/http-errors.js';
import type { EhrCallContext } from '../ehr-client.js';
import {
  callWithPolicies,
  transportOf,
  withDefaults,
  type UpstreamCallOptions,
} from '../athena/athena-http.js';
import { createAthenaSend, sendWithBearer } from '../athena/athena-send.js';
import type { SigningKey } from './fhir-keys.js';
import type { FhirTelemetry } from './fhir-telemetry.js';
import { createFhirTokens } from './fhir-tokens.js';

const LABEL = 'FHIR EHR';

export interface FhirHttpOptions extends UpstreamCallOptions {
  clientId: string;
  /** private_key_jwt when given (read from env once), else client_secret_basic. */
  signingKey: Promise<SigningKey> | null;
  clientSecret: string | undefined;
  scopes: string;
}

export interface FhirRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** A path under the base (`/Slot`), or a server's own absolute `next` link. */
  path: string;
  /** Pairs, since FHIR repeats a parameter for a range (start=ge…&start=lt…). */
  query?: Array<[string, string]>;
  body?: unknown;
  contentType?: string;
  ifMatch?: string;
}

export interface FhirAnswer<T = unknown> {
  body: T;
  etag: string | null;
}

/**
 * The transport to a FHIR R4 EHR with the athena connector's policies, shared rather than copied:
 * the governor turn and timeout of each send, bounded retries honouring Retry-After, the circuit
 * breaker; SMART Backend Services tokens, and one new token and one retry after a 401.
 */
export function createFhirHttp(options: FhirHttpOptions) {
  const settings = withDefaults({ ...options, clientSecret: options.clientSecret ?? '' });
  const send = createAthenaSend({
    transport: transportOf(settings),
    timeoutMs: settings.timeoutMs,
    governor: options.governor,
    isBusy: settings.isBusy,
    label: LABEL,
  });
  const tokens = createFhirTokens({
    baseUrl: options.baseUrl,
    clientId: options.clientId,
    signingKey: options.signingKey,
    clientSecret: options.clientSecret,
    scopes: options.scopes,
    send,
    refreshMarginMs: settings.tokenRefreshMarginMs,
    now: settings.now,
  });
  const call = callWithPolicies(settings, LABEL);

  async function attempt(request: FhirRequest, ctx: EhrCallContext) {
    const url = urlOf(options.baseUrl, request);
    const headers: Record<string, string> = {
      accept: 'application/fhir+json',
      [HEADERS.requestId]: ctx.requestId,
      ...(request.body === undefined
        ? {}
        : { 'content-type': request.contentType ?? 'application/fhir+json' }),
      ...(request.ifMatch ? { 'if-match': request.ifMatch } : {}),
    };
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    return sendWithBearer(send, tokens, url, { method: request.method, headers, body }, ctx);
  }

  return {
    telemetry(): FhirTelemetry {
      const { succeeded, failed, lastAt } = tokens.counts();
      return {
        breakerState: options.breaker.state,
        tokenRefreshes: succeeded,
        tokenFailures: failed,
        lastTokenAt: lastAt,
      };
    },

    async request<T = unknown>(request: FhirRequest, ctx: EhrCallContext): Promise<FhirAnswer<T>> {
      const { response, body } = await call(() => attempt(request, ctx));
      return { body: body as T, etag: response.headers.get('etag') };
    },
  };
}

/**
 * A path under the base with its query, or a server's absolute link as it gave it: only on the
 * base's own origin, so a `next` link cannot send the token (or a search's terms) elsewhere.
 */
function urlOf(baseUrl: string, request: FhirRequest): string {
  const url = new URL(
    /^https?:\/\//i.test(request.path) ? request.path : `${baseUrl}${request.path}`,
  );
  const base = new URL(baseUrl);
  if (url.origin !== base.origin) {
    throw new HttpError(
      502,
      `The FHIR EHR sent a link to ${url.host}, not to FHIR_BASE_URL's origin ${base.host}; the gateway follows links only there`,
      'FHIR_FOREIGN_LINK',
    );
  }
  for (const [key, value] of request.query ?? []) {
    url.searchParams.append(key, value);
  }
  return url.toString();
}

export type FhirHttp = ReturnType<typeof createFhirHttp>;
