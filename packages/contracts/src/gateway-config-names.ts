import { DEFAULT_API_ROOT } from './names.js';
import type { PAYLOAD_CAPTURE_MODES } from './phi-fields.js';

/**
 * The gateway configuration's constants, apart from its schemas (gateway-config.ts) so the console's
 * Dashboard shows the Configuration card without loading zod.
 */

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

export const PAYLOAD_RETENTION_DAYS_MAX = 3_650;

/** What a new gateway runs with (the GatewayConfig schema accepts it: gateway-config.test.ts). */
export const DEFAULT_GATEWAY_CONFIG = {
  apiRoot: DEFAULT_API_ROOT,
  practiceId: '12345',
  logLevel: 'info',
  caching: false,
  payloadCapture: 'masked',
  payloadRetentionDays: 7,
} as const satisfies {
  apiRoot: string;
  practiceId: string;
  logLevel: (typeof LOG_LEVELS)[number];
  caching: boolean;
  payloadCapture: (typeof PAYLOAD_CAPTURE_MODES)[number];
  payloadRetentionDays: number;
};
