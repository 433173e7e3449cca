import {
  ALERT_ERROR_RATE_MIN_REQUESTS,
  WEBHOOK_DISABLE_AFTER_MS,
  CONSOLE_PATHS,
  type AlertKind,
} from '@ehr-gateway/contracts';

import type { AlertCondition, HealthSample } from './monitoring-repository.js';

function condition(
  kind: AlertKind,
  subject: string,
  fields: Omit<AlertCondition, 'kind' | 'subject'>,
): AlertCondition {
  return { kind, subject, ...fields };
}

function daysUntil(at: Date, from: Date): string {
  const days = Math.floor((at.getTime() - from.getTime()) / 86_400_000);
  if (days < 1) {
    return 'within a day';
  }
  return days === 1 ? 'in 1 day' : `in ${days} days`;
}

/** athena, Redis and the database as the instances' latest samples and recent trouble saw them. */
export function dependencyConditions(
  latest: HealthSample[],
  trouble: { dropped: number; databaseDownMinutes: number },
): AlertCondition[] {
  const conditions: AlertCondition[] = [];
  if (
    latest.some(
      (sample) => sample.athenaState === 'disconnected' || sample.athenaState === 'breaker_open',
    )
  ) {
    conditions.push(
      condition('athena_disconnected', 'athena', {
        severity: 'critical',
        title: 'Athena EHR disconnected',
        // Fixed words: athena's own error text can quote request data, and every role sees this.
        message: 'Calls to athena are failing; the Athena EHR card shows the latest error.',
        link: `${CONSOLE_PATHS.dashboard}#athena`,
      }),
    );
  }
  if (latest.some((sample) => sample.athenaState === 'breaker_open')) {
    conditions.push(
      condition('athena_breaker_open', 'athena', {
        severity: 'critical',
        title: 'Athena circuit breaker open',
        message:
          'After repeated failures the gateway answers athena calls with 503 at once; it tries athena again on its own.',
        link: CONSOLE_PATHS.metrics,
      }),
    );
  }
  if (latest.some((sample) => sample.redisOk === false)) {
    conditions.push(
      condition('redis_unreachable', 'redis', {
        severity: 'warning',
        title: 'Redis unreachable',
        message:
          'Rate limits and quotas are counted by each instance alone until Redis answers again.',
        link: CONSOLE_PATHS.dashboard,
      }),
    );
  }
  if (trouble.databaseDownMinutes > 0) {
    conditions.push(
      condition('database_unreachable', 'database', {
        severity: 'critical',
        title: 'Database unreachable',
        message:
          'An instance could not reach PostgreSQL in the last 15 minutes; its request-log entries waited in its spool.',
        link: CONSOLE_PATHS.dashboard,
      }),
    );
  }
  if (latest.some((sample) => sample.logSpoolFull)) {
    conditions.push(
      condition('request_log_spool_full', 'request-log', {
        severity: 'critical',
        title: 'Request-log spool full',
        message:
          "An instance's request-log journal reached REQUEST_LOG_SPOOL_MAX_MB: new entries are kept in memory only, and dropped once that is full.",
        link: CONSOLE_PATHS.dashboard,
      }),
    );
  }
  if (trouble.dropped > 0) {
    conditions.push(
      condition('request_log_dropped', 'request-log', {
        severity: 'warning',
        title: 'Request-log entries dropped',
        message: `${trouble.dropped} ${trouble.dropped === 1 ? 'entry was' : 'entries were'} not stored in the last 15 minutes: the log's buffer was full or its spool unavailable.`,
        link: CONSOLE_PATHS.logs,
      }),
    );
  }
  return conditions;
}

/** The gateway's own 5xx rate, once enough requests came in the window to mean something. */
export function errorRateConditions(
  traffic: { count: number; serverErrors: number },
  { windowMinutes, errorRatePercent }: { windowMinutes: number; errorRatePercent: number },
): AlertCondition[] {
  const rate = traffic.count === 0 ? 0 : (traffic.serverErrors / traffic.count) * 100;
  if (traffic.count < ALERT_ERROR_RATE_MIN_REQUESTS || rate <= errorRatePercent) {
    return [];
  }
  return [
    condition('error_rate', 'gateway', {
      severity: 'critical',
      title: 'High error rate',
      message: `${rate.toFixed(1)}% of ${traffic.count} requests were answered with a 5xx in the last ${windowMinutes} minutes (alert above ${errorRatePercent}%).`,
      link: `${CONSOLE_PATHS.metrics}?range=15m`,
    }),
  ];
}

/** One warning per API key that expires soon, so its clients are moved before they get 401. */
export function keyExpiryConditions(
  keys: Array<{ id: string; name: string; expiresAt: Date }>,
  at: Date,
): AlertCondition[] {
  return keys.map((key) =>
    condition('api_key_expiring', key.id, {
      severity: 'warning',
      title: `API key "${key.name}" expires soon`,
      message: `It expires ${daysUntil(key.expiresAt, at)} (${key.expiresAt.toISOString().slice(0, 10)}); clients using it will get 401 after that. Create or rotate a key.`,
      link: CONSOLE_PATHS.apiKeys,
    }),
  );
}

/** Each use of the break-glass account is its own alert, open for a day after it. */
export const breakGlassCondition = (use: { id: string; username: string; at: Date }) =>
  condition('break_glass_sign_in', use.id, {
    severity: 'critical',
    title: `Break-glass sign-in: ${use.username}`,
    message: `${use.username} signed in with a password at ${use.at.toISOString().slice(0, 16).replace('T', ' ')} UTC while single sign-on is required (AUTH_MODE=sso). Confirm it was meant; the Audit Log has the address.`,
    link: CONSOLE_PATHS.audit,
  });

/**
 * One alert per webhook endpoint the gateway disabled after failing throughout the retry window;
 * open until an admin resumes or deletes it. Names the endpoint by id only (its URL may hold a token).
 */
export const webhookDisabledCondition = (endpoint: { id: string; disabledAt: Date }) =>
  condition('webhook_endpoint_disabled', endpoint.id, {
    severity: 'critical',
    title: 'Webhook endpoint disabled',
    message: `Endpoint ${endpoint.id} failed every delivery for ${Math.round(WEBHOOK_DISABLE_AFTER_MS / 86_400_000)} days and was disabled at ${endpoint.disabledAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: its events are no longer sent. Fix the receiver, then resume it on the Webhooks screen.`,
    link: CONSOLE_PATHS.webhooks,
  });
