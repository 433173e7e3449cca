import {
  LOG_LIMIT_MAX,
  LOG_METHODS,
  LOG_SOURCES,
  LOG_STATUS_PATTERN,
  type LogFilter,
  type LogSource,
} from '@ehr-gateway/contracts';

/** Relative time ranges the Logs screen offers; `custom` reads `from` and `to`. */
export const LOG_RANGES = {
  '15m': { label: 'Last 15 minutes', ms: 15 * 60_000 },
  '1h': { label: 'Last hour', ms: 3_600_000 },
  '24h': { label: 'Last 24 hours', ms: 86_400_000 },
  '7d': { label: 'Last 7 days', ms: 7 * 86_400_000 },
} as const;
export type LogRange = keyof typeof LOG_RANGES | 'custom';

export const INITIAL_LIMIT = 25;

/** What the Logs screen filters by: the API's filter, a time range, and the page size. */
export type LogViewFilters = LogFilter & { range?: LogRange; limit: number };

const TEXT_KEYS = ['endpoint', 'route', 'apiKeyId', 'requestId', 'from', 'to'] as const;

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The filters a shared link carries; anything malformed is dropped rather than sent. */
export function filtersFromSearch(search: URLSearchParams): LogViewFilters {
  const filters: LogViewFilters = { limit: INITIAL_LIMIT };
  for (const key of TEXT_KEYS) {
    const value = search.get(key)?.trim();
    if (value) {
      filters[key] = value;
    }
  }
  const source = search.get('source');
  if (isOneOf<LogSource>(LOG_SOURCES, source)) {
    filters.source = source;
  }
  const method = search.get('method');
  if (isOneOf(LOG_METHODS, method)) {
    filters.method = method;
  }
  const status = search.get('status')?.trim().toLowerCase();
  if (status && LOG_STATUS_PATTERN.test(status)) {
    filters.status = status;
  }
  const range = search.get('range');
  if (isOneOf<LogRange>([...(Object.keys(LOG_RANGES) as LogRange[]), 'custom'], range)) {
    filters.range = range;
  }
  const minLatency = Number(search.get('minLatencyMs') ?? Number.NaN);
  if (search.get('minLatencyMs') && Number.isFinite(minLatency) && minLatency >= 0) {
    filters.minLatencyMs = minLatency;
  }
  const limit = Number(search.get('limit'));
  if (Number.isInteger(limit) && limit >= 1 && limit <= LOG_LIMIT_MAX) {
    filters.limit = limit;
  }
  if (filters.range !== 'custom') {
    delete filters.from;
    delete filters.to;
  }
  return filters;
}

/** The filters as the URL's query: only what is set, and the page size when not the default. */
export function searchFromFilters(filters: LogViewFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || (key === 'limit' && value === INITIAL_LIMIT)) {
      continue;
    }
    search.set(key, String(value));
  }
  return search;
}

/** Whether two filter sets select the same entries, whatever order their fields were set in. */
export function sameFilters(a: LogViewFilters, b: LogViewFilters): boolean {
  const canonical = (filters: LogViewFilters) => {
    const search = searchFromFilters(filters);
    search.sort();
    return search.toString();
  };
  return canonical(a) === canonical(b);
}
