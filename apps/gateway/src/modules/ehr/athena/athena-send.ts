import type { EhrCallContext } from '../ehr-client.js';
import { AthenaError } from './athena-failure.js';
import {
  isTimeout,
  type AthenaRequestInit,
  type AthenaResponse,
  type AthenaTransport,
} from './athena-transport.js';

/** One HTTP exchange with athena, timed into the caller's upstream time. */
export type AthenaSend = (
  url: string,
  init: AthenaRequestInit,
  ctx: EhrCallContext,
) => Promise<AthenaResponse>;

export interface AthenaSendOptions {
  transport: AthenaTransport;
  timeoutMs: number;
  /** Grants each call its turn (the fleet-wide QPS governor); the returned function ends it. */
  governor?: { acquire(): Promise<() => void> };
  isBusy: (error: unknown) => error is Error & { retryAfterSeconds: number };
  /** What messages call the upstream (the FHIR connector sends through here too). */
  label?: string;
}

/**
 * Sends within a governor turn and turns transport failures into AthenaErrors: `busy` when no
 * turn came in time (athena was not called), `timeout`, or `unreachable`.
 */
export function createAthenaSend({
  transport,
  timeoutMs,
  governor,
  isBusy,
  label = 'Athena EHR',
}: AthenaSendOptions): AthenaSend {
  async function takeTurn(): Promise<() => void> {
    try {
      return (await governor?.acquire()) ?? (() => undefined);
    } catch (error) {
      if (isBusy(error)) {
        throw new AthenaError(
          'busy',
          `The gateway is already sending ${label} all the calls its QPS allowance permits; retry shortly`,
          undefined,
          undefined,
          error.retryAfterSeconds,
        );
      }
      throw error;
    }
  }

  return async (url, init, ctx) => {
    const endTurn = await takeTurn();
    const started = performance.now();
    try {
      // The turn ends when athena has answered; reading the body needs no turn of its own.
      return await transport(url, init);
    } catch (error) {
      if (isTimeout(error)) {
        throw new AthenaError('timeout', `${label} did not answer within ${timeoutMs / 1000} s`);
      }
      throw new AthenaError('unreachable', `${label} is unreachable`);
    } finally {
      endTurn();
      ctx.addUpstreamMs?.(performance.now() - started);
    }
  };
}

/** Form encoding as athena expects for writes; undefined fields are left out. */
export const encodeForm = (fields: Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) {
      params.set(key, value);
    }
  }
  return params.toString();
};

/** Where an EHR client's bearer tokens come from: cached, and dropped when the EHR refuses one. */
export interface BearerTokens {
  get(ctx: EhrCallContext): Promise<string>;
  forget(): void;
}

/**
 * Sends with the current bearer token; when the EHR answers 401 (a token revoked or expired
 * early), renews it once and sends again. Shared by the athena client and the FHIR connector.
 */
export async function sendWithBearer(
  send: AthenaSend,
  tokens: BearerTokens,
  url: string,
  init: AthenaRequestInit,
  ctx: EhrCallContext,
): Promise<AthenaResponse> {
  const sendWith = async (bearer: string) =>
    send(url, { ...init, headers: { ...init.headers, authorization: `Bearer ${bearer}` } }, ctx);
  const response = await sendWith(await tokens.get(ctx));
  if (response.status !== 401) {
    return response;
  }
  tokens.forget();
  return sendWith(await tokens.get(ctx));
}
