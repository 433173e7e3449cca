import { GATEWAY_PREFIXES } from '@ehr-gateway/contracts';

import type { GatewaySettings } from '../../config/settings.js';
import { routesUnder, type GatewayModule } from '../../lib/gateway-module.js';
import type { EhrModule } from '../ehr/index.js';
import type { VoiceConfigModule } from '../voice-config/index.js';
import { analyzeConversation, analyzeWithFallback, createLlmAnalyzer } from './analyzer/index.js';
import { registerSmartSchedulingRoutes } from './smart-scheduling-routes.js';
import { createSmartSchedulingService } from './smart-scheduling-service.js';

/**
 * The day or days a caller's words name ("Tuesday", "next Friday", "2026-12-01"), read as the
 * built-in analyser reads them, in the practice's timezone; null when they name none.
 */
export function daysNamedBy(
  words: string,
  options: { now: Date; timezone?: string },
): { startDate: string; endDate: string } | null {
  const { datePreference } = analyzeConversation(
    [{ role: 'user', content: `Is my appointment ${words}?` }],
    options,
  ).extractedInfo;
  return datePreference
    ? { startDate: datePreference.startDate, endDate: datePreference.endDate }
    : null;
}

/** A conversation in, matching departments, providers, visit types and open slots out. */
export function createSmartSchedulingModule({
  settings,
  ehr,
  voiceConfig,
  now,
}: {
  settings: Pick<GatewaySettings, 'llm'>;
  ehr: Pick<EhrModule, 'forSource' | 'practiceIdFor'>;
  voiceConfig: Pick<VoiceConfigModule, 'getTenant' | 'listProviders'>;
  now?: () => Date;
}) {
  const llm = settings.llm
    ? createLlmAnalyzer({
        baseURL: settings.llm.baseUrl,
        // Local OpenAI-compatible servers often need no key; the client insists on one.
        apiKey: settings.llm.apiKey ?? 'not-set',
        model: settings.llm.model,
        timeoutMs: settings.llm.timeoutMs,
      })
    : null;
  const service = createSmartSchedulingService({
    analyze: (messages, options) => analyzeWithFallback(messages, options, llm),
    analysisTakesTime: llm !== null,
    ehr,
    voiceConfig,
    now,
  });
  return {
    schedule: service.schedule,
    routes: routesUnder(GATEWAY_PREFIXES.aggregation, (scope) =>
      registerSmartSchedulingRoutes(scope, service),
    ),
  } satisfies GatewayModule & Record<string, unknown>;
}

export type SmartSchedulingModule = ReturnType<typeof createSmartSchedulingModule>;
