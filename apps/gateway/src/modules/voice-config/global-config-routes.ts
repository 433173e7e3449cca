import type { FastifyInstance } from 'fastify';

import {
  GlobalConfigEntry,
  GlobalConfigParams,
  SetGlobalConfigBody,
  VoiceConfigQueryBody,
  VoiceConfigQueryResult,
} from '@ehr-gateway/contracts';

import { errors, readConfig, tags, withZod, writeConfig } from './voice-config-route-parts.js';
import type { VoiceConfigService } from './voice-config-service.js';

/** The global config entries and the cross-entity query. */
export function registerGlobalConfigAndQueryRoutes(
  app: FastifyInstance,
  service: VoiceConfigService,
) {
  const routes = withZod(app);

  // Global config

  routes.route({
    method: 'GET',
    url: '/global-config/:key',
    config: readConfig,
    schema: {
      operationId: 'getVoiceConfigGlobalConfig',
      summary: 'A global config entry by key',
      tags,
      params: GlobalConfigParams,
      response: { 200: GlobalConfigEntry, ...errors },
    },
    handler: async (request) => service.getGlobalConfig(request.params.key),
  });

  routes.route({
    method: 'POST',
    url: '/global-config',
    config: writeConfig,
    schema: {
      operationId: 'setVoiceConfigGlobalConfig',
      summary: 'Create or replace a global config entry (key and value required; value ≤ 64 KiB)',
      tags,
      body: SetGlobalConfigBody,
      response: { 200: GlobalConfigEntry, ...errors },
    },
    handler: async (request) => service.setGlobalConfig(request.body),
  });

  // Cross-entity query

  routes.route({
    method: 'POST',
    url: '/query',
    config: readConfig,
    schema: {
      operationId: 'queryVoiceConfig',
      summary: "Search a tenant's locations, departments and providers at once",
      description:
        'match_type partial (default), exact, starts_with or fuzzy (typo-tolerant, trigram similarity, always case-insensitive); results best match first, only active entries.',
      tags,
      body: VoiceConfigQueryBody,
      response: { 200: VoiceConfigQueryResult, ...errors },
    },
    handler: async (request) => service.query(request.body),
  });
}
