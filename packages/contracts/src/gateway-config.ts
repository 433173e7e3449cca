import { z } from 'zod';

import { IsoDateTime } from './common.js';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export const LogLevel = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof LogLevel>;

/**
 * Paths the gateway owns itself; an apiRoot may not shadow them.
 * If you add a top-level route prefix to the gateway, add it here too.
 */
export const RESERVED_PATH_PREFIXES = [
  '/admin',
  '/aggregate',
  '/voice-config',
  '/llm',
  '/utility',
  '/healthz',
  '/readyz',
  '/openapi.json',
  '/assets',
  '/endpoints',
  '/logs',
  '/api-keys',
  '/configuration',
  '/metrics',
  '/_ehr',
] as const;

export const DEFAULT_GATEWAY_CONFIG = {
  apiRoot: '/api',
  practiceId: '12345',
  logLevel: 'info',
  caching: false,
} as const satisfies GatewayConfig;

const isReserved = (path: string) =>
  RESERVED_PATH_PREFIXES.some((reserved) => path === reserved || path.startsWith(`${reserved}/`)) ||
  path === '/';

export const ApiRoot = z
  .string()
  .trim()
  .max(64, { abort: true })
  .regex(/^\//, { message: 'apiRoot must start with /', abort: true })
  .regex(/^(\/[A-Za-z0-9._~-]+)+$/, {
    message:
      'apiRoot may contain only letters, digits and . _ ~ - between slashes, with no trailing slash',
    abort: true,
  })
  .refine((path) => !isReserved(path.toLowerCase()), {
    message: 'apiRoot must not be / or a path the gateway reserves (such as /admin)',
  });

export const PracticeId = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, 'practiceId must be 1 to 20 digits');

export const GatewayConfig = z.object({
  apiRoot: z.string(),
  practiceId: z.string(),
  logLevel: LogLevel,
  caching: z.boolean(),
});
export type GatewayConfig = z.infer<typeof GatewayConfig>;

export const UpdateGatewayConfigBody = z.strictObject({
  apiRoot: ApiRoot,
  practiceId: PracticeId,
  logLevel: LogLevel,
  caching: z.boolean(),
});
export type UpdateGatewayConfigBody = z.infer<typeof UpdateGatewayConfigBody>;

export const GatewayConfigChange = z.object({
  id: z.string(),
  changedAt: IsoDateTime,
  changedBy: z.string(),
  before: GatewayConfig,
  after: GatewayConfig,
});
export type GatewayConfigChange = z.infer<typeof GatewayConfigChange>;

export const GatewayConfigHistory = z.object({
  changes: z.array(GatewayConfigChange),
});
export type GatewayConfigHistory = z.infer<typeof GatewayConfigHistory>;
