import { z } from 'zod';

import { IsoDateTime } from './common.js';
import { LOG_LEVELS, PAYLOAD_RETENTION_DAYS_MAX } from './gateway-config-names.js';
import { RESERVED_PATH_PREFIXES } from './names.js';
import { PAYLOAD_CAPTURE_MODES } from './phi-fields.js';

export const LogLevel = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof LogLevel>;

/** How the request log keeps request and response bodies. */
export const PayloadCapture = z.enum(PAYLOAD_CAPTURE_MODES);
export type PayloadCapture = z.infer<typeof PayloadCapture>;

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
  /** How the request log keeps bodies: metadata only, masked (default), or full and encrypted. */
  payloadCapture: PayloadCapture,
  /** Bodies are deleted after this many days, before the entries' metadata. */
  payloadRetentionDays: z.number().int(),
});
export type GatewayConfig = z.infer<typeof GatewayConfig>;

/**
 * The spec's form sends apiRoot, practiceId, logLevel and caching; payload capture and its
 * retention are optional here and keep their value when left out.
 */
export const UpdateGatewayConfigBody = z.strictObject({
  apiRoot: ApiRoot,
  practiceId: PracticeId,
  logLevel: LogLevel,
  caching: z.boolean(),
  payloadCapture: PayloadCapture.optional(),
  payloadRetentionDays: z.number().int().min(1).max(PAYLOAD_RETENTION_DAYS_MAX).optional(),
});
export type UpdateGatewayConfigBody = z.infer<typeof UpdateGatewayConfigBody>;

export const GatewayConfigChange = z.object({
  id: z.string(),
  changedAt: IsoDateTime,
  changedBy: z.string(),
  // Changes recorded before payload capture existed lack its fields.
  before: GatewayConfig.partial(),
  after: GatewayConfig.partial(),
});
export type GatewayConfigChange = z.infer<typeof GatewayConfigChange>;

export const GatewayConfigHistory = z.object({
  changes: z.array(GatewayConfigChange),
});
export type GatewayConfigHistory = z.infer<typeof GatewayConfigHistory>;
