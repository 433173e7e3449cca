import { EHR_SOURCE_LABELS, EHR_SOURCES } from './ehr-names.js';
import type { GATEWAY_PREFIXES } from './names.js';

/*
 * The request log's constants, apart from its schemas (request-logs.ts) so the console's Dashboard
 * lists recent requests without loading zod.
 */

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
type LogSource = (typeof LOG_SOURCES)[number];

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
