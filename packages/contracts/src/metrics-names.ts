/*
 * The metrics' constants, apart from their schemas (metrics.ts) so the console's Dashboard draws
 * its traffic sparkline without loading zod.
 */

/** What a metrics query can split its figures by. */
export const METRIC_GROUPS = ['source', 'route', 'key', 'status'] as const;

/** The intervals a series can be cut into, in seconds. */
export const METRIC_INTERVALS = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '1h': 3_600,
  '6h': 21_600,
  '1d': 86_400,
} as const;

/** The most points one series may have; a longer window needs a wider interval. */
export const METRIC_MAX_POINTS = 1_500;
/** The longest window a query may cover: as far back as daily rollups are kept. */
export const METRIC_MAX_WINDOW_DAYS = 731;

/** The status classes rollups count by, in the order charts stack them. */
export const METRIC_STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** The time ranges the Metrics screen offers, with the interval each is drawn at. */
export const METRIC_RANGES = {
  '15m': { label: 'Last 15 minutes', seconds: 900, interval: '1m', autoRefresh: true },
  '1h': { label: 'Last hour', seconds: 3_600, interval: '1m', autoRefresh: true },
  '24h': { label: 'Last 24 hours', seconds: 86_400, interval: '1h', autoRefresh: true },
  '7d': { label: 'Last 7 days', seconds: 604_800, interval: '6h', autoRefresh: false },
  '30d': { label: 'Last 30 days', seconds: 2_592_000, interval: '1d', autoRefresh: false },
} as const satisfies Record<
  string,
  { label: string; seconds: number; interval: keyof typeof METRIC_INTERVALS; autoRefresh: boolean }
>;
