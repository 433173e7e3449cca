import { GATEWAY_PREFIXES } from '@ehr-gateway/contracts';

import { routesUnder, type GatewayModule } from '../../lib/gateway-module.js';
import type { VoiceConfigModule } from '../voice-config/index.js';
import { registerLlmToolsRoutes } from './llm-tools-routes.js';
import { createLlmToolsService } from './llm-tools-service.js';

/** The tool webhooks voice agents call, under /llm. */
export function createLlmToolsModule({
  voiceConfig,
}: {
  voiceConfig: Pick<VoiceConfigModule, 'query'>;
}) {
  const service = createLlmToolsService({ voiceConfig });
  return {
    routes: routesUnder(GATEWAY_PREFIXES.llmTools, (scope) =>
      registerLlmToolsRoutes(scope, service),
    ),
  } satisfies GatewayModule;
}
