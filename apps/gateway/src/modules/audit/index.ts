import type { GatewaySettings } from '../../config/settings.js';
import type { Db } from '../../db/database.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import { createAuditRepository } from './audit-repository.js';
import { registerAuditRoutes } from './audit-routes.js';
import { createAuditService } from './audit-service.js';

export { auditContextOf } from './audit-context.js';
export type { AuditContext, AuditRecord } from './audit-service.js';

const RETENTION_MS = 24 * 60 * 60_000;

/** The append-only, hash-chained record of who did what in the admin API. */
export function createAuditModule({
  db,
  settings,
  now,
}: {
  db: Db;
  settings: GatewaySettings;
  now?: () => Date;
}) {
  const service = createAuditService({
    repository: createAuditRepository(db),
    retentionDays: settings.auditRetentionDays,
    now,
  });
  return {
    record: service.record,
    recent: service.recent,
    adminRoutes: (admin) => registerAuditRoutes(admin, service),
    tasks: [
      {
        name: 'audit retention',
        everyMs: RETENTION_MS,
        firstRunAfterMs: 60_000,
        run: () => service.purgeExpired(),
      },
    ],
  } satisfies GatewayModule & Record<string, unknown>;
}

export type AuditModule = ReturnType<typeof createAuditModule>;
