import type { HttpError } from '../../../lib/http-errors.js';
import type { AthenaError } from '../athena/athena-failure.js';
import {
  mapUpstreamErrors,
  refusalErrors,
  transportFailureError,
  type UpstreamNames,
} from '../upstream-errors.js';

const FHIR: UpstreamNames = {
  codePrefix: 'FHIR',
  credentialsHint: 'FHIR_CLIENT_ID, FHIR_PRIVATE_KEY or FHIR_CLIENT_SECRET, and FHIR_SCOPES',
  ehrName: 'the FHIR EHR',
};

/** An OperationOutcome's diagnostics, short enough to pass on; never the request itself. */
function outcomeText(body: unknown): string | null {
  const issues = (
    body as { issue?: Array<{ diagnostics?: unknown; details?: { text?: unknown } }> }
  )?.issue;
  const texts = (issues ?? [])
    .map((issue) => issue.diagnostics ?? issue.details?.text)
    .filter((text): text is string => typeof text === 'string');
  return texts.length ? texts.join('; ').slice(0, 300) : null;
}

/**
 * How a FHIR EHR failure reaches the gateway's caller: the athena table's answers with FHIR
 * codes (docs/fhir.md). 422 (the server understood but refused the resource) is a 400 as well.
 */
export function fhirHttpError(error: AthenaError, what: string): HttpError {
  const failure = transportFailureError(error, FHIR);
  if (failure) {
    return failure;
  }
  const detail = outcomeText(error.body);
  const refusal = refusalErrors(FHIR, what);
  switch (error.status) {
    case 404:
      return refusal.notFound();
    case 409:
    case 412:
      return refusal.slotTaken(
        detail ?? 'That appointment time was already booked or changed meanwhile',
      );
    case 400:
    case 422:
      return refusal.badRequest(detail);
    default:
      return refusal.upstreamError(error.status);
  }
}

/** Runs a FHIR call and turns its failure into the gateway's answer. */
export const mapFhirErrors = <T>(what: string, call: () => Promise<T>): Promise<T> =>
  mapUpstreamErrors(call, (error) => fhirHttpError(error, what));
