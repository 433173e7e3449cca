import { createHash } from 'node:crypto';

import { conflict, HttpError } from '../../lib/http-errors.js';
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
      if (!(await repository.claim(scope, key, requestHash))) {
        const stored = await repository.find(scope, key);
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
        return { statusCode: stored.statusCode ?? 200, body: stored.response as T, replayed: true };
      }
      try {
        const answer = await work();
        await repository.complete(scope, key, answer.statusCode, answer.body);
        return { ...answer, replayed: false };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) {
          const body = {
            statusCode: error.statusCode,
            error: error.error,
            message: error.message,
            code: error.code,
            details: error.details,
            context: error.context,
          };
          await repository.complete(scope, key, error.statusCode, body);
        } else {
          await repository.release(scope, key);
        }
        throw error;
      }
    },

    purgeExpired(): Promise<void> {
      return repository.deleteOlderThan(new Date(now().getTime() - IDEMPOTENCY_RETENTION_MS));
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
