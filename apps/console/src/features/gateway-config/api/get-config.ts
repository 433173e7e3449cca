import { adminPath, DEFAULT_GATEWAY_CONFIG, type GatewayConfig } from '@ehr-gateway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const configQueryKey = ['config'] as const;

/** Fills what the gateway left out with the documented defaults (practiceId falls back to 12345). */
export function withDefaults(config: Partial<GatewayConfig>): GatewayConfig {
  return {
    apiRoot: config.apiRoot ?? DEFAULT_GATEWAY_CONFIG.apiRoot,
    practiceId: config.practiceId || DEFAULT_GATEWAY_CONFIG.practiceId,
    logLevel: config.logLevel ?? DEFAULT_GATEWAY_CONFIG.logLevel,
    caching: config.caching ?? DEFAULT_GATEWAY_CONFIG.caching,
    payloadCapture: config.payloadCapture ?? DEFAULT_GATEWAY_CONFIG.payloadCapture,
    payloadRetentionDays:
      config.payloadRetentionDays ?? DEFAULT_GATEWAY_CONFIG.payloadRetentionDays,
  };
}

export async function getConfig(signal?: AbortSignal): Promise<GatewayConfig> {
  return withDefaults(await api.get<Partial<GatewayConfig>>(adminPath('config'), { signal }));
}

export function getConfigQueryOptions() {
  return queryOptions({
    queryKey: configQueryKey,
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: 5 * 60_000,
  });
}

export function useConfig() {
  return useQuery(getConfigQueryOptions());
}
