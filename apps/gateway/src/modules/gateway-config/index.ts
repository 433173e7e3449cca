import type { FastifyBaseLogger } from 'fastify';

import { DEFAULT_GATEWAY_CONFIG } from '@ehr-gateway/contracts';

import type { GatewaySettings } from '../../config/settings.js';
import type { Db } from '../../db/database.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import type { AuditModule } from '../audit/index.js';
import { createGatewayConfigRepository } from './gateway-config-repository.js';
import { registerGatewayConfigRoutes } from './gateway-config-routes.js';
import { CONFIG_REFRESH_MS, createGatewayConfigService } from './gateway-config-service.js';

interface Deps {
  db: Db;
  settings: GatewaySettings;
  log: FastifyBaseLogger;
  audit: Pick<AuditModule, 'record'>;
}

/**
 * The settings administrators change at run time (apiRoot, practiceId, log level, caching). Each
 * instance re-reads them every second, so a change applies on every instance.
 */
export async function createGatewayConfigModule({ db, settings, log, audit }: Deps) {
  const service = createGatewayConfigService({
    repository: createGatewayConfigRepository(db),
    audit,
    canEncryptPayloads: settings.payloadEncryptionKey !== null,
    defaults: { ...DEFAULT_GATEWAY_CONFIG, logLevel: settings.initialLogLevel },
  });
  service.onChange((config) => {
    log.level = config.logLevel;
  });
  await service.refresh();
  log.level = service.current().logLevel;

  return {
    current: service.current,
    onChange: service.onChange,
    adminRoutes: (admin) => registerGatewayConfigRoutes(admin, service),
    tasks: [{ name: 'config refresh', everyMs: CONFIG_REFRESH_MS, run: () => service.refresh() }],
  } satisfies GatewayModule & Record<string, unknown>;
}

export type GatewayConfigModule = Awaited<ReturnType<typeof createGatewayConfigModule>>;
