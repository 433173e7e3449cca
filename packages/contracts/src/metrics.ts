import { z } from 'zod';

import { IsoDateTime } from './common.js';
import { METRIC_GROUPS, METRIC_INTERVALS, METRIC_RANGES } from './metrics-names.js';

export const MetricGroup = z.enum(METRIC_GROUPS);
export type MetricGroup = z.infer<typeof MetricGroup>;
export type MetricInterval = keyof typeof METRIC_INTERVALS;
export const MetricInterval = z.enum(Object.keys(METRIC_INTERVALS) as [MetricInterval]);
export type MetricRange = keyof typeof METRIC_RANGES;
export const MetricRange = z.enum(Object.keys(METRIC_RANGES) as [MetricRange]);

export const MetricsQuery = z
  .strictObject({
    /** The window's start (default: an hour before `to`); widened back to its interval's start. */
    from: z.iso.datetime({ offset: true }).optional(),
    /** The window's end (default: now). */
    to: z.iso.datetime({ offset: true }).optional(),
    groupBy: MetricGroup.optional(),
    /** Default: chosen from the window's length. */
    interval: MetricInterval.optional(),
    /** Only requests answered from this source. */
    source: z.string().trim().min(1).max(40).optional(),
  })
  .refine((query) => !query.to || !query.from || Date.parse(query.to) > Date.parse(query.from), {
    path: ['to'],
    message: 'must be after from',
  });
export type MetricsQuery = z.infer<typeof MetricsQuery>;

/** Latency percentiles in ms; null when nothing was counted. */
export const LatencyPercentiles = z.object({
  p50: z.number().nullable(),
  p95: z.number().nullable(),
  p99: z.number().nullable(),
});
export type LatencyPercentiles = z.infer<typeof LatencyPercentiles>;

export const MetricFigures = z.object({
  count: z.number().int(),
  /** 4xx and 5xx answers. */
  errors: z.number().int(),
  clientErrors: z.number().int(),
  serverErrors: z.number().int(),
  /** 429 answers (rate limits, quotas, the athena governor). */
  rateLimited: z.number().int(),
  /** errors / count, 0 without traffic. */
  errorRate: z.number(),
  /** The whole request as the client saw it. */
  latency: LatencyPercentiles,
  /** Time spent waiting on the EHR, over the requests that called it. */
  upstream: LatencyPercentiles.extend({ count: z.number().int() }),
});
export type MetricFigures = z.infer<typeof MetricFigures>;

export const MetricPoint = MetricFigures.extend({ start: IsoDateTime });
export type MetricPoint = z.infer<typeof MetricPoint>;

export const MetricGroupFigures = z.object({
  /** The value grouped by: a source, `METHOD route`, an API key id ('' without one), a status class. */
  key: z.string(),
  label: z.string(),
  /** For groupBy=route: what the Logs screen filters on. */
  method: z.string().optional(),
  route: z.string().optional(),
  totals: MetricFigures,
  series: z.array(MetricPoint),
});
export type MetricGroupFigures = z.infer<typeof MetricGroupFigures>;

export const MetricsResponse = z.object({
  /** The window answered, widened to whole intervals. */
  from: IsoDateTime,
  to: IsoDateTime,
  interval: MetricInterval,
  groupBy: MetricGroup.nullable(),
  totals: MetricFigures,
  /** The window of the same length just before, for "change since" figures. */
  previous: MetricFigures,
  series: z.array(MetricPoint),
  /** Busiest first. */
  groups: z.array(MetricGroupFigures),
});
export type MetricsResponse = z.infer<typeof MetricsResponse>;
