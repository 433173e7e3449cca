import {
  adminPath,
  type GatewayConfig,
  type UpdateGatewayConfigBody,
} from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { getConfigQueryOptions, withDefaults } from './get-config';
import { getConfigHistoryQueryOptions } from './get-config-history';

export async function updateConfig(body: UpdateGatewayConfigBody): Promise<GatewayConfig> {
  return withDefaults(await api.put<Partial<GatewayConfig>>(adminPath('config'), body));
}

export function useUpdateConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConfig,
    onSuccess: (config) => {
      queryClient.setQueryData(getConfigQueryOptions().queryKey, config);
      void queryClient.invalidateQueries({ queryKey: getConfigHistoryQueryOptions().queryKey });
    },
  });
}
