import { z } from 'zod';

import { IsoDateTime, Uuid } from './common.js';

/**
 * What the gateway watches and raises an alert for. Every instance evaluates the same conditions
 * from the shared database, so the bell shows the same alerts wherever the console is served from.
 */
export const ALERT_KINDS = [
  'athena_disconnected',
  'athena_breaker_open',
  'error_rate',
  'request_log_dropped',
  'request_log_spool_full',
  'api_key_expiring',
  'database_unreachable',
  'redis_unreachable',
  'webhook_endpoint_disabled',
  'break_glass_sign_in',
] as const;
export const AlertKind = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof AlertKind>;

export const ALERT_SEVERITIES = ['critical', 'warning'] as const;
export const AlertSeverity = z.enum(ALERT_SEVERITIES);
export type AlertSeverity = z.infer<typeof AlertSeverity>;

/** How many days of health samples uptime is measured over. */
export const UPTIME_WINDOW_DAYS = 30;

/** The share of 5xx answers over the last 5 minutes above which an alert is raised, by default. */
export const DEFAULT_ALERT_ERROR_RATE_PERCENT = 5;
/** Fewer requests than this in 5 minutes never raise an error-rate alert (one 500 is not a trend). */
export const ALERT_ERROR_RATE_MIN_REQUESTS = 20;
/** Each break-glass sign-in keeps its own alert open this long (then it is listed a day more). */
export const ALERT_BREAK_GLASS_HOURS = 24;
/** Keys expiring within this many days raise an alert each. */
export const ALERT_KEY_EXPIRY_DAYS = 7;

export const Alert = z.object({
  id: Uuid,
  kind: AlertKind,
  severity: AlertSeverity,
  title: z.string(),
  message: z.string(),
  /** The console path where the condition is acted on. */
  link: z.string(),
  raisedAt: IsoDateTime,
  /** Set once the condition no longer holds; cleared alerts stay listed for a day. */
  clearedAt: IsoDateTime.nullable(),
  /** Whether the signed-in user marked it read. */
  read: z.boolean(),
});
export type Alert = z.infer<typeof Alert>;

export const AlertsResponse = z.object({
  /** Open alerts first (newest first), then those cleared in the last day. */
  alerts: z.array(Alert),
  /** Open alerts the signed-in user has not marked read: the bell's count. */
  unread: z.number().int(),
  evaluatedAt: IsoDateTime,
});
export type AlertsResponse = z.infer<typeof AlertsResponse>;

export const AlertParams = z.strictObject({ alertId: Uuid });

export const MarkAlertsReadResponse = z.object({ unread: z.number().int() });
export type MarkAlertsReadResponse = z.infer<typeof MarkAlertsReadResponse>;

export const UptimeResponse = z.object({
  /** Healthy minutes over measured minutes, in percent; null before the first sample. */
  percent: z.number().nullable(),
  /** Where the measured window starts: 30 days back, or the first sample when that is later. */
  since: IsoDateTime.nullable(),
  windowDays: z.number().int(),
  /** Minutes in the window, and those in which an instance answered with its database reachable. */
  minutes: z.number().int(),
  healthyMinutes: z.number().int(),
});
export type UptimeResponse = z.infer<typeof UptimeResponse>;
