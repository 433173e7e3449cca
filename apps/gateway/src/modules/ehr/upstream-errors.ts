import { HEADERS } from '@ehr-gateway/contracts';

import { HttpError } from '../../lib/http-errors.js';
import { AthenaError } from './athena/athena-failure.js';

const retryHeaders = (seconds: number | undefined) =>
  seconds === undefined ? undefined : { [HEADERS.retryAfter]: String(seconds) };

/** How a connector's answers name its EHR. */
export interface UpstreamNames {
  /** The prefix of its error codes: ATHENA_TIMEOUT, FHIR_TIMEOUT… */
  codePrefix: 'ATHENA' | 'FHIR';
  /** The settings to check when the EHR refuses the gateway's credentials. */
  credentialsHint: string;
  /** The EHR as a sentence names it: "Athena EHR", "the FHIR EHR". */
  ehrName: string;
}

/**
 * The answers to an EHR's refusals that read the same for every connector but for its names; each
 * connector decides from its EHR's own error body which one applies and what detail it carries.
 */
export function refusalErrors({ codePrefix, ehrName }: UpstreamNames, what: string) {
  const subject = ehrName.charAt(0).toUpperCase() + ehrName.slice(1);
  return {
    notFound: () =>
      new HttpError(404, `Not found in ${ehrName}: could not ${what}`, `${codePrefix}_NOT_FOUND`),
    slotTaken: (detail: string) => new HttpError(409, detail, 'SLOT_UNAVAILABLE'),
    badRequest: (detail: string | null) =>
      new HttpError(
        400,
        `${subject} could not ${what}: ${detail ?? 'bad request'}`,
        `${codePrefix}_BAD_REQUEST`,
      ),
    upstreamError: (status: number | undefined) =>
      new HttpError(
        502,
        `${subject} could not ${what} (${status ?? 'no status'})`,
        `${codePrefix}_UPSTREAM_ERROR`,
      ),
  };
}

/**
 * The answer to an EHR failure the EHR did not decide (timeout, unreachable, 5xx after retries,
 * throttling, an open circuit, no governor turn, refused credentials): the same for every
 * connector but for its names. Null for a refusal ('rejected'), which each connector reads from
 * its EHR's own error body. Retry-After goes with every failure worth a retry.
 */
export function transportFailureError(
  error: AthenaError,
  { codePrefix, credentialsHint }: UpstreamNames,
): HttpError | null {
  const retry = retryHeaders(error.retryAfterSeconds);
  const retrySoon = retryHeaders(error.retryAfterSeconds ?? 1);
  switch (error.kind) {
    case 'rejected':
      return null;
    case 'timeout':
      return new HttpError(504, error.message, `${codePrefix}_TIMEOUT`);
    case 'unreachable':
      return new HttpError(502, error.message, `${codePrefix}_UNREACHABLE`);
    case 'upstream-error':
      return new HttpError(502, error.message, `${codePrefix}_UPSTREAM_ERROR`, undefined, retry);
    case 'credentials':
      return new HttpError(
        502,
        `${error.message}; check ${credentialsHint}`,
        `${codePrefix}_CREDENTIALS`,
      );
    case 'rate-limited':
      return new HttpError(
        503,
        `${error.message}; retry after ${error.retryAfterSeconds ?? 1} s`,
        `${codePrefix}_RATE_LIMITED`,
        undefined,
        retrySoon,
      );
    case 'circuit-open':
      return new HttpError(503, error.message, `${codePrefix}_UNAVAILABLE`, undefined, retry);
    case 'busy':
      return new HttpError(503, error.message, 'UPSTREAM_BUSY', undefined, retrySoon);
  }
}

/** Runs an EHR call and turns its failure into the gateway's answer. */
export async function mapUpstreamErrors<T>(
  call: () => Promise<T>,
  toHttpError: (error: AthenaError) => HttpError,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof AthenaError ? toHttpError(error) : error;
  }
}
