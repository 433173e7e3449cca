import { createHash, hkdfSync } from 'node:crypto';

import { conflict, HttpError } from '../../lib/http-errors.js';
import { createJweSealer } from '../../lib/jwe-seal.js';
import type { IdempotencyRepository } from './idempotency-repository.js';

/** How long an answer is kept for retries. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60_000;

export interface IdempotentAnswer<T> {
  statusCode: number;
  body: T;
  /** True when this is a stored answer to an earlier request with the same key. */
  replayed: boolean;
}

const hashRequest = (request: unknown) =>
  createHash('sha256').update(JSON.stringify(request)).digest('hex');

/**
 * Stored answers can hold patient data (a booking's patient), so neither the key nor the answer
 * is kept as sent: the row is found by a hash of the key, and the answer is sealed with a key
 * derived from the Idempotency-Key itself (compact JWE through jose; rows sealed before JWE, in
 * payload-seal's v1 format, still open). Only a client that holds the key (a random value it
 * chose) can have the answer read back; the database alone cannot.
 */
function keyMaterial(scope: string, key: string) {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', key, scope, `ehr-gateway idempotency ${purpose}`, 32));
  return {
    lookup: derive('lookup').toString('hex'),
    sealer: createJweSealer(derive('answer')),
  };
}

/**
 * Runs work at most once per Idempotency-Key. A retry with the same key and the same request gets
 * the stored answer (success or client error); the same key with a different request is refused
 * with 422; a retry while the first is still running gets 409. Server errors are not stored, so
 * the caller may retry them.
 */
export function createIdempotencyService({
  repository,
  now = () => new Date(),
}: {
  repository: IdempotencyRepository;
  now?: () => Date;
}) {
  return {
    async run<T>(
      scope: string,
      key: string | undefined,
      request: unknown,
      work: () => Promise<{ statusCode: number; body: T }>,
    ): Promise<IdempotentAnswer<T>> {
      if (!key) {
        return { ...(await work()), replayed: false };
      }
      const requestHash = hashRequest(request);
      const { lookup, sealer } = keyMaterial(scope, key);
      if (!(await repository.claim(scope, lookup, requestHash))) {
        const stored = await repository.find(scope, lookup);
        if (stored && stored.requestHash !== requestHash) {
          throw new HttpError(
            422,
            'This Idempotency-Key was already used with a different request; use a new key',
            'IDEMPOTENCY_KEY_REUSED',
          );
        }
        if (!stored || stored.status === 'pending') {
          throw conflict(
            'A request with this Idempotency-Key is still being processed; retry shortly',
            'IDEMPOTENCY_IN_PROGRESS',
          );
        }
        const opened =
          stored.sealedResponse === null ? null : await sealer.open(stored.sealedResponse);
        if (opened === null) {
          throw conflict(
            'The stored answer for this Idempotency-Key cannot be read; use a new key',
            'IDEMPOTENCY_ANSWER_UNREADABLE',
          );
        }
        return {
          statusCode: stored.statusCode ?? 200,
          body: JSON.parse(opened) as T,
          replayed: true,
        };
      }
      const complete = async (statusCode: number, body: unknown) =>
        repository.complete(scope, lookup, statusCode, await sealer.seal(JSON.stringify(body)));
      let answer: { statusCode: number; body: T };
      try {
        answer = await work();
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) {
          await complete(error.statusCode, error.toBody());
        } else {
          await repository.release(scope, lookup);
        }
        throw error;
      }
      // The work is done (a booking made, its webhook event written): if its answer cannot be
      // stored, the key stays held rather than released, so a retry gets 409 instead of doing the
      // work, and sending its event, a second time.
      await complete(answer.statusCode, answer.body);
      return { ...answer, replayed: false };
    },

    purgeExpired(): Promise<void> {
      return repository.deleteOlderThan(new Date(now().getTime() - IDEMPOTENCY_RETENTION_MS));
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
