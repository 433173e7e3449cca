import { z } from 'zod';

import { IsoDateTime } from './common.js';
import { PayloadCapture } from './phi-fields.js';

/** Where a gateway request was answered from; the console's Source filter offers these. */
export const LOG_SOURCES = [
  'athena',
  'mock',
  'aggregation',
  'voice-config',
  'llm-tools',
  'utility',
  'gateway',
] as const;
export const LogSource = z.enum(LOG_SOURCES);
export type LogSource = z.infer<typeof LogSource>;

export const LOG_SOURCE_LABELS: Record<LogSource, string> = {
  athena: 'Athena EHR',
  mock: 'Mock EHR',
  aggregation: 'Aggregation',
  'voice-config': 'Voice Config',
  'llm-tools': 'Voice Agent Tools',
  utility: 'Utility',
  gateway: 'Gateway',
};

export const LOG_LIMIT_MAX = 1000;
export const LOG_LIMIT_DEFAULT = 25;

export const LogListQuery = z.strictObject({
  endpoint: z.string().trim().max(200).optional(),
  source: LogSource.optional(),
  limit: z.coerce.number().int().min(1).max(LOG_LIMIT_MAX).default(LOG_LIMIT_DEFAULT),
});
export type LogListQuery = z.infer<typeof LogListQuery>;

export const LogEntrySummary = z.object({
  id: z.string(),
  timestamp: IsoDateTime,
  endpoint: z.string(),
  method: z.string(),
  status: z.number().int(),
  responseTime: z.number(),
  source: z.string(),
  apiKeyName: z.string().nullable(),
});
export type LogEntrySummary = z.infer<typeof LogEntrySummary>;

export const LogList = z.object({
  logs: z.array(LogEntrySummary),
});
export type LogList = z.infer<typeof LogList>;

export const LogRequestData = z.object({
  query: z.record(z.string(), z.unknown()),
  body: z.unknown(),
  headers: z.record(z.string(), z.string()),
});
export type LogRequestData = z.infer<typeof LogRequestData>;

export const LogDetailQuery = z.strictObject({
  /** Decrypt the full payload (users with PHI access, when it was captured in full). */
  showPhi: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type LogDetailQuery = z.infer<typeof LogDetailQuery>;

export const LogEntryDetail = LogEntrySummary.extend({
  requestId: z.string(),
  apiKeyId: z.string().nullable(),
  requestData: LogRequestData,
  /** The response body as sent: parsed JSON when it was JSON, else text; null when none was captured. */
  responseData: z.unknown(),
  responseTruncated: z.boolean(),
  error: z
    .object({
      message: z.string(),
      stack: z.string().optional(),
    })
    .nullable(),
  /** How the bodies shown were kept, and whether patient data is masked in them. */
  payload: z.object({
    capture: PayloadCapture,
    /** Patient data in requestData and responseData is masked. */
    masked: z.boolean(),
    /** An unmasked copy exists and this user may see it (GET …?showPhi=true). */
    phiAvailable: z.boolean(),
    /** The bodies were deleted by payload retention; the metadata stays. */
    purged: z.boolean(),
  }),
});
export type LogEntryDetail = z.infer<typeof LogEntryDetail>;
