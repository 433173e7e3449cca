import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import type { AlertsTable, HealthSamplesTable } from '../../db/schema.js';

export interface HealthSample {
  minute: Date;
  instanceId: string;
  sampledAt: Date;
  databaseOk: boolean;
  redisOk: boolean | null;
  athenaState: HealthSamplesTable['athena_state'];
  logDropped: number;
  /** The request-log journal was at REQUEST_LOG_SPOOL_MAX_MB. */
  logSpoolFull: boolean;
}

export interface AlertCondition {
  kind: string;
  subject: string;
  severity: AlertsTable['severity'];
  title: string;
  message: string;
  link: string;
}

export interface StoredAlert extends AlertCondition {
  id: string;
  raisedAt: Date;
  clearedAt: Date | null;
  read: boolean;
}

export function createMonitoringRepository(db: Db) {
  return {
    /**
     * Stores samples, merging with the row an instance already wrote for the minute: the database
     * counts as down for the whole minute if any sample saw it down; drops add up; the rest is the
     * latest view.
     */
    async addSamples(samples: readonly HealthSample[]): Promise<void> {
      if (samples.length === 0) {
        return;
      }
      await db
        .insertInto('health_samples')
        .values(
          samples.map((sample) => ({
            minute: sample.minute,
            instance_id: sample.instanceId,
            sampled_at: sample.sampledAt,
            database_ok: sample.databaseOk,
            redis_ok: sample.redisOk,
            athena_state: sample.athenaState,
            log_dropped: sample.logDropped,
            log_spool_full: sample.logSpoolFull,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['minute', 'instance_id']).doUpdateSet({
            sampled_at: sql`greatest(health_samples.sampled_at, excluded.sampled_at)`,
            database_ok: sql`health_samples.database_ok and excluded.database_ok`,
            redis_ok: sql`excluded.redis_ok`,
            athena_state: sql`excluded.athena_state`,
            log_dropped: sql`health_samples.log_dropped + excluded.log_dropped`,
            log_spool_full: sql`health_samples.log_spool_full or excluded.log_spool_full`,
          }),
        )
        .execute();
    },

    /** Each instance's most recent sample taken since `since`. */
    async latestSamples(since: Date): Promise<HealthSample[]> {
      const rows = await db
        .selectFrom('health_samples')
        .selectAll()
        .distinctOn('instance_id')
        .where('sampled_at', '>=', since)
        .orderBy('instance_id')
        .orderBy('sampled_at', 'desc')
        .execute();
      return rows.map((row) => ({
        minute: new Date(row.minute),
        instanceId: row.instance_id,
        sampledAt: new Date(row.sampled_at),
        databaseOk: row.database_ok,
        redisOk: row.redis_ok,
        athenaState: row.athena_state,
        logDropped: row.log_dropped,
        logSpoolFull: row.log_spool_full,
      }));
    },

    /** Request-log drops and minutes with the database unreachable, over samples since `since`. */
    async troubleSince(since: Date): Promise<{ dropped: number; databaseDownMinutes: number }> {
      const row = await db
        .selectFrom('health_samples')
        .select([
          sql<string>`coalesce(sum(log_dropped), 0)`.as('dropped'),
          sql<string>`count(*) filter (where not database_ok)`.as('database_down'),
        ])
        .where('minute', '>=', since)
        .executeTakeFirstOrThrow();
      return { dropped: Number(row.dropped), databaseDownMinutes: Number(row.database_down) };
    },

    /** The earliest sampled minute, and how many minutes in [from, to] some instance was healthy. */
    async uptimeMinutes(
      from: Date,
      to: Date,
    ): Promise<{ firstMinute: Date | null; healthy: number; toSampled: boolean }> {
      const first = await db
        .selectFrom('health_samples')
        .select(sql<Date | null>`min(minute)`.as('first'))
        .executeTakeFirstOrThrow();
      const healthy = await sql<{ healthy: string; to_sampled: boolean }>`
        select count(*) filter (where healthy) as healthy, coalesce(bool_or(minute = ${to}), false) as to_sampled
        from (
          select minute, bool_or(database_ok) as healthy
          from health_samples
          where minute >= ${from} and minute <= ${to}
          group by minute
        ) minutes`.execute(db);
      const row = healthy.rows[0];
      return {
        firstMinute: first.first ? new Date(first.first) : null,
        healthy: Number(row?.healthy ?? 0),
        toSampled: row?.to_sampled ?? false,
      };
    },

    async openAlerts(): Promise<Array<{ id: string; kind: string; subject: string }>> {
      return db
        .selectFrom('alerts')
        .select(['id', 'kind', 'subject'])
        .where('cleared_at', 'is', null)
        .execute();
    },

    /** Opens an alert for the condition, or refreshes the words of the one already open. */
    async raise(condition: AlertCondition, at: Date): Promise<void> {
      await db
        .insertInto('alerts')
        .values({ ...condition, raised_at: at })
        .onConflict((oc) =>
          oc.columns(['kind', 'subject']).where('cleared_at', 'is', null).doUpdateSet({
            severity: condition.severity,
            title: condition.title,
            message: condition.message,
            link: condition.link,
          }),
        )
        .execute();
    },

    async clear(ids: readonly string[], at: Date): Promise<void> {
      if (ids.length === 0) {
        return;
      }
      await db
        .updateTable('alerts')
        .set({ cleared_at: at })
        .where('id', 'in', ids)
        .where('cleared_at', 'is', null)
        .execute();
    },

    /** Open alerts, then those cleared since `clearedSince`, each with the user's read mark. */
    async list(userId: string, clearedSince: Date): Promise<StoredAlert[]> {
      const rows = await db
        .selectFrom('alerts')
        .leftJoin('alert_reads', (join) =>
          join
            .onRef('alert_reads.alert_id', '=', 'alerts.id')
            .on('alert_reads.user_id', '=', userId),
        )
        .select([
          'alerts.id',
          'alerts.kind',
          'alerts.subject',
          'alerts.severity',
          'alerts.title',
          'alerts.message',
          'alerts.link',
          'alerts.raised_at',
          'alerts.cleared_at',
          sql<boolean>`alert_reads.alert_id is not null`.as('read'),
        ])
        .where((eb) =>
          eb.or([eb('alerts.cleared_at', 'is', null), eb('alerts.cleared_at', '>=', clearedSince)]),
        )
        .orderBy(sql`alerts.cleared_at is null`, 'desc')
        .orderBy('alerts.raised_at', 'desc')
        .limit(100)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        subject: row.subject,
        severity: row.severity,
        title: row.title,
        message: row.message,
        link: row.link,
        raisedAt: new Date(row.raised_at),
        clearedAt: row.cleared_at ? new Date(row.cleared_at) : null,
        read: row.read,
      }));
    },

    async alertExists(alertId: string): Promise<boolean> {
      const row = await db
        .selectFrom('alerts')
        .select('id')
        .where('id', '=', alertId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Marks the given alerts read for the user; `alertIds` undefined means every open alert. */
    async markRead(userId: string, at: Date, alertIds?: readonly string[]): Promise<void> {
      let alerts = db
        .selectFrom('alerts')
        .select([
          'alerts.id as alert_id',
          sql<string>`${userId}::uuid`.as('user_id'),
          sql<Date>`${at}::timestamptz`.as('read_at'),
        ]);
      alerts = alertIds
        ? alerts.where('id', 'in', alertIds)
        : alerts.where('cleared_at', 'is', null);
      if (alertIds?.length === 0) {
        return;
      }
      await db
        .insertInto('alert_reads')
        .columns(['alert_id', 'user_id', 'read_at'])
        .expression(alerts)
        .onConflict((oc) => oc.columns(['alert_id', 'user_id']).doNothing())
        .execute();
    },

    async unreadCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('alerts')
        .select(sql<string>`count(*)`.as('unread'))
        .where('cleared_at', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('alert_reads')
                .select('alert_id')
                .whereRef('alert_reads.alert_id', '=', 'alerts.id')
                .where('alert_reads.user_id', '=', userId),
            ),
          ),
        )
        .executeTakeFirstOrThrow();
      return Number(row.unread);
    },

    async purge(samplesBefore: Date, alertsClearedBefore: Date): Promise<void> {
      await db.deleteFrom('health_samples').where('minute', '<', samplesBefore).execute();
      await db.deleteFrom('alerts').where('cleared_at', '<', alertsClearedBefore).execute();
    },
  };
}

export type MonitoringRepository = ReturnType<typeof createMonitoringRepository>;
