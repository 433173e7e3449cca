import {
  adminPath,
  type AlertsResponse,
  type MarkAlertsReadResponse,
} from '@ehr-gateway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';

import { api } from '@/lib/api-client';

import { getAlertsQueryOptions } from './get-alerts';

/** One alert by id, or every open one when `alertId` is undefined. */
export function markAlertsRead(alertId?: string) {
  return api.post<MarkAlertsReadResponse>(
    alertId ? adminPath('alertRead', { alertId }) : adminPath('alertsRead'),
  );
}

/** Marks at once in the bell; the server's count replaces the guess when it answers. */
export function useMarkAlertsRead() {
  const queryClient = useQueryClient();
  const { queryKey } = getAlertsQueryOptions();
  return useMutation({
    mutationFn: (alertId?: string) => markAlertsRead(alertId),
    onMutate: async (alertId) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (current: AlertsResponse | undefined) => {
        if (!current) {
          return current;
        }
        const alerts = current.alerts.map((alert) =>
          alertId === undefined || alert.id === alertId ? { ...alert, read: true } : alert,
        );
        return {
          ...current,
          alerts,
          unread: alerts.filter((alert) => !alert.read && alert.clearedAt === null).length,
        };
      });
    },
    onError: () => {
      toast.error('Error', { description: 'Could not mark the notification as read.' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
