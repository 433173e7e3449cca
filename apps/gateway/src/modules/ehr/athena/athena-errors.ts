import { HttpError } from '../../../lib/http-errors.js';
import {
  mapUpstreamErrors,
  refusalErrors,
  transportFailureError,
  type UpstreamNames,
} from '../upstream-errors.js';
import type { AthenaError } from './athena-failure.js';

const ATHENA: UpstreamNames = {
  codePrefix: 'ATHENA',
  credentialsHint: 'ATHENA_CLIENT_ID and ATHENA_CLIENT_SECRET',
  ehrName: 'Athena EHR',
};

function athenaMessage(body: unknown): string | null {
  if (body && typeof body === 'object') {
    const { error, detailedmessage } = body as { error?: unknown; detailedmessage?: unknown };
    const parts = [error, detailedmessage].filter(
      (part): part is string => typeof part === 'string',
    );
    return parts.length ? parts.join(' ') : null;
  }
  return typeof body === 'string' && body.length < 300 ? body : null;
}

/**
 * How an athena failure reaches the gateway's caller. Every answer names the cause; none carries
 * a token, the client secret or athena's raw response beyond its error text.
 *
 * | athena | gateway |
 * |---|---|
 * | 400 with missingfields | 400 listing the fields |
 * | other 400 | 400 with athena's message |
 * | 404 | 404 |
 * | 409 (slot taken) | 409 |
 * | timeout | 504 |
 * | connection refused / reset | 502 |
 * | 5xx after retries | 502 |
 * | 429 / 403 Over Qps after retries | 503 with Retry-After |
 * | circuit open | 503 with Retry-After |
 * | no QPS-governor turn within ATHENA_QUEUE_TIMEOUT_MS | 503 UPSTREAM_BUSY with Retry-After |
 * | credentials refused | 502 |
 */
export function toHttpError(error: AthenaError, what: string): HttpError {
  return transportFailureError(error, ATHENA) ?? rejectionError(error, what);
}

/** athena answered and refused: its status and error text say why. */
function rejectionError(error: AthenaError, what: string): HttpError {
  const detail = athenaMessage(error.body);
  const refusal = refusalErrors(ATHENA, what);
  switch (error.status) {
    case 400:
      return badRequestError(error.body, detail, what);
    case 404:
      return refusal.notFound();
    case 409:
      return refusal.slotTaken(
        detail ?? 'That appointment time was already booked or is not available for booking',
      );
    default:
      return refusal.upstreamError(error.status);
  }
}

/** A 400 from athena: the fields it lists as missing or invalid, by name, else its message. */
function badRequestError(athenaBody: unknown, detail: string | null, what: string): HttpError {
  const body = (athenaBody ?? {}) as { missingfields?: unknown; invalidfields?: unknown };
  if (!Array.isArray(body.missingfields) && !Array.isArray(body.invalidfields)) {
    return refusalErrors(ATHENA, what).badRequest(detail);
  }
  const missing = Array.isArray(body.missingfields) ? body.missingfields.map(String) : [];
  const invalid = Array.isArray(body.invalidfields) ? body.invalidfields.map(String) : [];
  const parts = [
    missing.length ? `missing fields: ${missing.join(', ')}` : '',
    invalid.length ? `invalid fields: ${invalid.join(', ')}` : '',
    detail ?? '',
  ].filter(Boolean);
  return new HttpError(
    400,
    `Athena EHR needs more to ${what}: ${parts.join('; ')}`,
    'ATHENA_MISSING_FIELDS',
    [
      ...missing.map((field) => ({ field, message: 'required by athena' })),
      ...invalid.map((field) => ({ field, message: 'rejected by athena as invalid' })),
    ],
  );
}

/** Runs an athena call and turns its failure into the gateway's answer. */
export const mapAthenaErrors = <T>(what: string, call: () => Promise<T>): Promise<T> =>
  mapUpstreamErrors(call, (error) => toHttpError(error, what));
