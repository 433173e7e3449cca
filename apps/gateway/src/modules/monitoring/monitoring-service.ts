import {
  ALERT_BREAK_GLASS_HOURS,
  ALERT_KEY_EXPIRY_DAYS,
  UPTIME_WINDOW_DAYS,
  type AlertKind,
  type AlertsResponse,
  type UptimeResponse,
} from '@ehr-gateway/contracts';

import { notFound } from '../../lib/http-errors.js';
import {
  breakGlassCondition,
  dependencyConditions,
  errorRateConditions,
  keyExpiryConditions,
  webhookDisabledCondition,
} from './alert-conditions.js';
import type {
  AlertCondition,
  HealthSample,
  MonitoringRepository,
} from './monitoring-repository.js';

const MINUTE_MS = 60_000;
/** A sample older than this no longer speaks for its instance (it has stopped or cannot write). */
const SAMPLE_FRESH_MS = 3 * MINUTE_MS;
/** The error-rate window: enough requests to mean something, short enough to clear soon after. */
const ERROR_RATE_WINDOW_MINUTES = 5;
/** How long a drop or a database outage keeps its alert open after the last sample that saw it. */
const TROUBLE_WINDOW_MS = 15 * MINUTE_MS;
/** Samples a cut-off instance keeps in memory until the database takes them again (two days). */
const MAX_PENDING_SAMPLES = 2_880;
/** Open or refresh, at most this often per instance when the bell asks. */
const EVALUATION_MIN_INTERVAL_MS = 10_000;
const CLEARED_SHOWN_MS = 86_400_000;
const SAMPLE_RETENTION_MS = (UPTIME_WINDOW_DAYS + 1) * 86_400_000;

/** What this instance sees of its dependencies right now. */
export interface InstanceHealth {
  databaseOk: boolean;
  /** Null when Redis is not configured. */
  redisOk: boolean | null;
  athena: {
    configured: boolean;
    connected: boolean;
    breakerOpen: boolean;
  };
  /** Request-log entries dropped since the process started. */
  logDroppedTotal: number;
  logSpoolFull: boolean;
}

export interface MonitoringSources {
  instanceHealth: () => Promise<InstanceHealth>;
  recentTraffic: (minutes: number) => Promise<{ count: number; serverErrors: number }>;
  expiringKeys: (days: number) => Promise<Array<{ id: string; name: string; expiresAt: Date }>>;
  /** Password sign-ins of the break-glass admin (AUTH_MODE=sso) since a time, from the audit trail. */
  breakGlassSignIns: (since: Date) => Promise<Array<{ id: string; username: string; at: Date }>>;
  /** Webhook endpoints the gateway disabled after failing (open until resumed or deleted). */
  disabledWebhookEndpoints: () => Promise<Array<{ id: string; disabledAt: Date }>>;
}

const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);

/** What the alerts are now, from every instance's recent samples and the shared stores. */
async function currentConditions(
  repository: MonitoringRepository,
  sources: MonitoringSources,
  at: Date,
  errorRatePercent: number,
): Promise<AlertCondition[]> {
  const [latest, trouble, traffic, keys, breakGlass, disabledEndpoints] = await Promise.all([
    repository.latestSamples(new Date(at.getTime() - SAMPLE_FRESH_MS)),
    repository.troubleSince(new Date(at.getTime() - TROUBLE_WINDOW_MS)),
    sources.recentTraffic(ERROR_RATE_WINDOW_MINUTES),
    sources.expiringKeys(ALERT_KEY_EXPIRY_DAYS),
    sources.breakGlassSignIns(new Date(at.getTime() - ALERT_BREAK_GLASS_HOURS * 3_600_000)),
    sources.disabledWebhookEndpoints(),
  ]);
  return [
    ...dependencyConditions(latest, trouble),
    ...errorRateConditions(traffic, { windowMinutes: ERROR_RATE_WINDOW_MINUTES, errorRatePercent }),
    ...keyExpiryConditions(keys, at),
    ...breakGlass.map(breakGlassCondition),
    ...disabledEndpoints.map(webhookDisabledCondition),
  ];
}

export function createMonitoringService({
  repository,
  sources,
  instanceId,
  errorRatePercent,
  now = () => new Date(),
}: {
  repository: MonitoringRepository;
  sources: MonitoringSources;
  instanceId: string;
  errorRatePercent: number;
  now?: () => Date;
}) {
  /** Samples not yet stored (the database was unreachable), by minute. */
  const pending = new Map<number, HealthSample>();
  let droppedSeen = 0;
  let lastEvaluation = Number.NEGATIVE_INFINITY;

  function keepPending(sample: HealthSample) {
    const key = sample.minute.getTime();
    const earlier = pending.get(key);
    pending.set(
      key,
      earlier
        ? {
            ...sample,
            databaseOk: earlier.databaseOk && sample.databaseOk,
            logDropped: earlier.logDropped + sample.logDropped,
            logSpoolFull: earlier.logSpoolFull || sample.logSpoolFull,
          }
        : sample,
    );
    for (const oldest of pending.keys()) {
      if (pending.size <= MAX_PENDING_SAMPLES) {
        break;
      }
      pending.delete(oldest);
    }
  }

  async function recordSample(): Promise<void> {
    const at = now();
    const health = await sources.instanceHealth();
    const dropped = Math.max(0, health.logDroppedTotal - droppedSeen);
    droppedSeen = health.logDroppedTotal;
    const { athena } = health;
    keepPending({
      minute: minuteOf(at),
      instanceId,
      sampledAt: at,
      databaseOk: health.databaseOk,
      redisOk: health.redisOk,
      athenaState: !athena.configured
        ? 'not_configured'
        : athena.breakerOpen
          ? 'breaker_open'
          : athena.connected
            ? 'connected'
            : 'disconnected',
      logDropped: dropped,
      logSpoolFull: health.logSpoolFull,
    });
    const batch = [...pending.values()];
    await repository.addSamples(batch);
    for (const sample of batch) {
      pending.delete(sample.minute.getTime());
    }
  }

  /** Raises what holds now and clears what no longer does; every instance may run it. */
  async function evaluate(): Promise<void> {
    const at = now();
    lastEvaluation = at.getTime();
    const conditions = await currentConditions(repository, sources, at, errorRatePercent);
    const holding = new Set(conditions.map((c) => `${c.kind}\u0000${c.subject}`));
    for (const active of conditions) {
      await repository.raise(active, at);
    }
    const open = await repository.openAlerts();
    await repository.clear(
      open
        .filter((alert) => !holding.has(`${alert.kind}\u0000${alert.subject}`))
        .map((alert) => alert.id),
      at,
    );
  }

  /** A fresh look before answering the bell, unless this instance looked moments ago. */
  async function refresh(): Promise<void> {
    const sinceLast = now().getTime() - lastEvaluation;
    // A clock stepped back (NTP) never holds evaluations off.
    if (sinceLast >= 0 && sinceLast < EVALUATION_MIN_INTERVAL_MS) {
      return;
    }
    // A sample that cannot be stored now waits in `pending`; the alerts still come from what is.
    await recordSample().catch(() => undefined);
    await evaluate();
  }

  return {
    recordSample,
    evaluate,

    /** The sampling task: a sample, then the alerts it and the others' samples imply. */
    async sampleAndEvaluate(): Promise<void> {
      await recordSample();
      await evaluate();
    },

    async alerts(userId: string): Promise<AlertsResponse> {
      await refresh();
      const at = now();
      const [alerts, unread] = await Promise.all([
        repository.list(userId, new Date(at.getTime() - CLEARED_SHOWN_MS)),
        repository.unreadCount(userId),
      ]);
      return {
        alerts: alerts.map((alert) => ({
          id: alert.id,
          kind: alert.kind as AlertKind,
          severity: alert.severity,
          title: alert.title,
          message: alert.message,
          link: alert.link,
          raisedAt: alert.raisedAt.toISOString(),
          clearedAt: alert.clearedAt?.toISOString() ?? null,
          read: alert.read,
        })),
        unread,
        evaluatedAt: new Date(
          Number.isFinite(lastEvaluation) ? lastEvaluation : now().getTime(),
        ).toISOString(),
      };
    },

    async markRead(userId: string, alertId: string): Promise<{ unread: number }> {
      if (!(await repository.alertExists(alertId))) {
        throw notFound('Alert not found');
      }
      await repository.markRead(userId, now(), [alertId]);
      return { unread: await repository.unreadCount(userId) };
    },

    async markAllRead(userId: string): Promise<{ unread: number }> {
      await repository.markRead(userId, now());
      return { unread: await repository.unreadCount(userId) };
    },

    async uptime(): Promise<UptimeResponse> {
      const currentMinute = minuteOf(now());
      const windowStart = new Date(currentMinute.getTime() - UPTIME_WINDOW_DAYS * 86_400_000);
      const counted = await repository.uptimeMinutes(windowStart, currentMinute);
      if (!counted.firstMinute) {
        return {
          percent: null,
          since: null,
          windowDays: UPTIME_WINDOW_DAYS,
          minutes: 0,
          healthyMinutes: 0,
        };
      }
      const from = new Date(Math.max(windowStart.getTime(), counted.firstMinute.getTime()));
      // The current minute counts once sampled; until then it is still to be decided.
      const minutes =
        (currentMinute.getTime() - from.getTime()) / MINUTE_MS + (counted.toSampled ? 1 : 0);
      const percent = minutes === 0 ? null : Math.floor((counted.healthy / minutes) * 10_000) / 100;
      return {
        percent,
        since: from.toISOString(),
        windowDays: UPTIME_WINDOW_DAYS,
        minutes,
        healthyMinutes: counted.healthy,
      };
    },

    async purgeExpired(): Promise<void> {
      const at = now().getTime();
      await repository.purge(
        new Date(at - SAMPLE_RETENTION_MS),
        new Date(at - SAMPLE_RETENTION_MS),
      );
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
