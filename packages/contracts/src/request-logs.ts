import { z } from 'zod';

import { IsoDateTime } from './common.js';
import { EHR_SOURCE_LABELS, EHR_SOURCES } from './ehr.js';
import type { GATEWAY_PREFIXES } from './names.js';
import { PayloadCapture } from './phi-fields.js';

/** Where a gateway request was answered from; the console's Source filter offers these. */
export const LOG_SOURCES = [
  ...EHR_SOURCES,
  'aggregation',
  'voice-config',
  'llm-tools',
  'tools',
  'utility',
  'webhooks',
  'gateway',
] as const;
export const LogSource = z.enum(LOG_SOURCES);
export type LogSource = z.infer<typeof LogSource>;

export const LOG_SOURCE_LABELS: Record<LogSource, string> = {
  ...EHR_SOURCE_LABELS,
  aggregation: 'Aggregation',
  'voice-config': 'Voice Config',
  'llm-tools': 'Voice Agent Tools',
  tools: 'Scheduling Tools',
  utility: 'Utility',
  webhooks: 'Webhooks',
  gateway: 'Gateway',
};

/** The source every route under a gateway prefix answers from (the apiRoot's EHR routes pick theirs). */
export const GATEWAY_PREFIX_SOURCES: Record<keyof typeof GATEWAY_PREFIXES, LogSource> = {
  aggregation: 'aggregation',
  voiceConfig: 'voice-config',
  llmTools: 'llm-tools',
  utility: 'utility',
  webhooks: 'webhooks',
  // Matched FHIR routes are logged under the EHR their path names; this is for paths none matched.
  fhir: 'gateway',
};

export const LOG_LIMIT_MAX = 1000;
export const LOG_LIMIT_DEFAULT = 25;

/** The methods the request log's Method filter offers. */
export const LOG_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;
export type LogMethod = (typeof LOG_METHODS)[number];
/** What the `status` filter takes: a class (`4xx`) or an exact code (`404`). */
export const LOG_STATUS_PATTERN = /^([1-5]xx|[1-5]\d\d)$/;
/** The longest minimum latency a filter may ask for: an hour, past any request timeout. */
export const LOG_MIN_LATENCY_MAX_MS = 3_600_000;

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
