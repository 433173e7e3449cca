import type { GatewayConfig } from '@ehr-gateway/contracts';

/** How each setting is named on the form and in the change history. */
export const CONFIG_FIELD_LABELS: Record<keyof GatewayConfig, string> = {
  apiRoot: 'API Root',
  practiceId: 'Practice ID',
  logLevel: 'Log Level',
  caching: 'Caching',
  payloadCapture: 'Payload Capture',
  payloadRetentionDays: 'Payload Retention (days)',
};
