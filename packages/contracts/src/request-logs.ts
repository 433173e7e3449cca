import { z } from 'zod';

import { IsoDateTime } from './common.js';
import { PayloadCapture } from './gateway-config.js';
import {
  LOG_LIMIT_DEFAULT,
  LOG_LIMIT_MAX,
  LOG_METHODS,
  LOG_MIN_LATENCY_MAX_MS,
  LOG_SOURCES,
  LOG_STATUS_PATTERN,
} from './request-log-names.js';

export const LogSource = z.enum(LOG_SOURCES);
export type LogSource = z.infer<typeof LogSource>;

/** Filters shared by the list and the CSV export; both answer the same entries. */
export const LogFilter = z.strictObject({
  /** A case-insensitive part of the path. */
  endpoint: z.string().trim().max(200).optional(),
  source: LogSource.optional(),
  /** A status class (`4xx`) or an exact status code (`404`). */
  status: z
    .string()
    .trim()
    .regex(LOG_STATUS_PATTERN, 'must be a status class like 4xx or a status code like 404')
    .optional(),
  method: z.enum(LOG_METHODS).optional(),
  /** A route template exactly as the metrics name it (`/api/{practiceId}/patients`). */
  route: z.string().trim().min(1).max(300).optional(),
  apiKeyId: z.uuid().optional(),
  /** Entries at or after this moment. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Entries before this moment. */
  to: z.iso.datetime({ offset: true }).optional(),
  minLatencyMs: z.coerce.number().min(0).max(LOG_MIN_LATENCY_MAX_MS).optional(),
  /** The X-Request-ID the gateway answered with (exact). */
  requestId: z.string().trim().min(1).max(128).optional(),
});
export type LogFilter = z.infer<typeof LogFilter>;

export const LogListQuery = LogFilter.extend({
  limit: z.coerce.number().int().min(1).max(LOG_LIMIT_MAX).default(LOG_LIMIT_DEFAULT),
  /** From the previous page's `nextCursor`. */
  cursor: z
    .string()
    .regex(/^\d{1,19}_[0-9a-f-]{36}$/, 'must be a cursor from a previous page')
    .optional(),
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
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
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
  /** The route template the request matched; null when none did. */
  route: z.string().nullable(),
  /** Time spent waiting on the EHR (ms); null without an upstream call. */
  upstreamMs: z.number().nullable(),
  /** The OpenTelemetry trace the request ran under (32 hex digits); null when tracing is off. */
  traceId: z.string().nullable(),
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
