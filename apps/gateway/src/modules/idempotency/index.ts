import type { Db } from '../../db/database.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import { createIdempotencyRepository } from './idempotency-repository.js';
import { createIdempotencyService } from './idempotency-service.js';

export type { IdempotentAnswer } from './idempotency-service.js';

const HOUSEKEEPING_MS = 60 * 60_000;

/** Idempotency-Key handling for writes that must happen at most once. */
export function createIdempotencyModule({ db }: { db: Db }) {
  const service = createIdempotencyService({ repository: createIdempotencyRepository(db) });
  return {
    run: service.run,
    tasks: [
      {
        name: 'idempotency-key retention',
        everyMs: HOUSEKEEPING_MS,
        firstRunAfterMs: 30_000,
        run: () => service.purgeExpired(),
      },
    ],
  } satisfies GatewayModule & Record<string, unknown>;
}

export type IdempotencyModule = ReturnType<typeof createIdempotencyModule>;
