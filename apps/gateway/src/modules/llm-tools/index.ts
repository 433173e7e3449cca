import { GATEWAY_PREFIXES } from '@ehr-gateway/contracts';

import type { GatewaySettings } from '../../config/settings.js';
import { routesUnder, type GatewayModule } from '../../lib/gateway-module.js';
import { createCallMemos, type EhrModule } from '../ehr/index.js';
import type { IdempotencyModule } from '../idempotency/index.js';
import type { SmartSchedulingModule } from '../smart-scheduling/index.js';
import type { VoiceConfigModule } from '../voice-config/index.js';
import { registerLlmToolsRoutes } from './llm-tools-routes.js';
import { createLlmToolsService } from './llm-tools-service.js';
import { createSchedulingToolsService } from './scheduling-tools-service.js';
import { createToolTokens } from './tool-tokens.js';

export { signForRetell } from './retell-signature.js';

/**
 * The tool webhooks voice agents call, under /llm: the healthcare-entity query and the scheduling
 * tools, for Vapi (one webhook) and Retell (a custom function per tool), and their definitions.
 */
export function createLlmToolsModule({
  settings,
  ehr,
  voiceConfig,
  smartScheduling,
  idempotency,
}: {
  settings: Pick<GatewaySettings, 'toolTokenSecret' | 'retellApiKey' | 'publicBaseUrl'>;
  ehr: Pick<EhrModule, 'forSource' | 'practiceIdFor'>;
  voiceConfig: Pick<VoiceConfigModule, 'query' | 'getTenant' | 'getGlobalConfig'>;
  smartScheduling: Pick<SmartSchedulingModule, 'schedule'>;
  idempotency: Pick<IdempotencyModule, 'run'>;
}) {
  const schedulingTools = createSchedulingToolsService({
    ehr,
    voiceConfig,
    smartScheduling,
    idempotency,
    tokens: createToolTokens({ secret: settings.toolTokenSecret }),
    callMemos: createCallMemos(),
  });
  const service = createLlmToolsService({ voiceConfig, schedulingTools });
  return {
    routes: routesUnder(GATEWAY_PREFIXES.llmTools, (scope) =>
      registerLlmToolsRoutes(scope, {
        service,
        schedulingTools,
        retellApiKey: settings.retellApiKey,
        publicBaseUrl: settings.publicBaseUrl,
      }),
    ),
  } satisfies GatewayModule;
}
