import type { Db } from '../../db/database.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import type { AuditModule } from '../audit/index.js';
import { createApiKeysRepository } from './api-keys-repository.js';
import { registerApiKeysRoutes } from './api-keys-routes.js';
import { createApiKeysService } from './api-keys-service.js';

export type { ApiKeyIdentity } from './api-keys-service.js';

const LAST_USED_FLUSH_MS = 5_000;

/** API keys for gateway clients: created once in full, stored as hashes, checked on every call. */
export function createApiKeysModule({
  db,
  audit,
  now,
  defaultRateLimit,
}: {
  db: Db;
  audit: Pick<AuditModule, 'record'>;
  now?: () => Date;
  defaultRateLimit?: number;
}) {
  const service = createApiKeysService({
    repository: createApiKeysRepository(db),
    audit,
    now,
    defaultRateLimit,
  });
  return {
    authenticate: service.authenticate,
    expiringWithin: service.expiringWithin,
    adminRoutes: (admin) => registerApiKeysRoutes(admin, service),
    tasks: [
      { name: 'API key last-used flush', everyMs: LAST_USED_FLUSH_MS, run: service.flushLastUsed },
    ],
    stop: service.flushLastUsed,
  } satisfies GatewayModule & Record<string, unknown>;
}

export type ApiKeysModule = ReturnType<typeof createApiKeysModule>;
