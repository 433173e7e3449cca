import type { FastifyBaseLogger } from 'fastify';

import type { GatewaySettings } from '../../config/settings.js';
import type { Db } from '../../db/database.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import { createPayloadSealer } from '../../lib/payload-seal.js';
import type { AuditModule } from '../audit/index.js';
import type { GatewayConfigModule } from '../gateway-config/index.js';
import type { MetricsModule } from '../metrics/index.js';
import { createOutageReporter } from '../../lib/outage-reporter.js';
import { buildLogEntry, type CapturedExchange } from './request-log-entry.js';
import { openRequestLogJournal } from './request-log-journal.js';
import { createRequestLogWriter } from './request-log-writer.js';
import { createRequestLogsRepository } from './request-logs-repository.js';
import { registerRequestLogsRoutes } from './request-logs-routes.js';
import { createRequestLogsService } from './request-logs-service.js';

export type { CapturedExchange } from './request-log-entry.js';
export type { RequestLogWriterHealth } from './request-log-writer.js';

interface Deps {
  db: Db;
  settings: GatewaySettings;
  log: FastifyBaseLogger;
  audit: Pick<AuditModule, 'record'>;
  config: Pick<GatewayConfigModule, 'current'>;
  metrics: Pick<MetricsModule, 'addRequests'>;
}

const RETENTION_MS = 60 * 60_000;
const ORPHAN_CLAIM_MS = 30_000;
const DEFAULT_SPOOL_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * The record of every gateway request: captured off the request path, written in batches, read
 * by the Logs screen, deleted after the retention period.
 */
export async function createRequestLogsModule({ db, settings, log, audit, config, metrics }: Deps) {
  const sealer = settings.payloadEncryptionKey
    ? createPayloadSealer(settings.payloadEncryptionKey)
    : null;
  const repository = createRequestLogsRepository(db);
  const journal = settings.requestLogSpoolDir
    ? openRequestLogJournal({
        directory: settings.requestLogSpoolDir,
        maxBytes: settings.requestLogSpoolMaxBytes ?? DEFAULT_SPOOL_MAX_BYTES,
      })
    : undefined;
  const writes = createOutageReporter(log, 'Request log writes (retrying; entries are kept)');
  const writer = createRequestLogWriter({
    // An entry and its share of the metrics are written together, so a retried batch counts once.
    insertMany: async (entries) => {
      await db.transaction().execute(async (tx) => {
        const stored = await createRequestLogsRepository(tx).insertMany(entries);
        await metrics.addRequests(stored, tx);
      });
      writes.success();
    },
    onError: writes.failure,
    journal,
  });
  await writer.resume();
  const service = createRequestLogsService({
    repository,
    retentionDays: settings.requestLogRetentionDays,
    payloadRetentionDays: () => config.current().payloadRetentionDays,
    sealer,
    audit,
  });

  return {
    /**
     * Journals (on disk, synchronously) and queues one exchange for the log; called before the
     * answer is sent, so a process killed after it loses nothing. Never throws.
     */
    record(exchange: CapturedExchange): void {
      writer.enqueue(
        buildLogEntry(exchange, {
          maxBodyBytes: settings.requestLogMaxBodyBytes,
          capture: config.current().payloadCapture,
          sealer,
        }),
      );
    },
    health: writer.health,
    /** Writes everything queued now (tests read the log right after a request). */
    flush: writer.flush,
    adminRoutes: (admin) => registerRequestLogsRoutes(admin, service),
    tasks: [
      {
        name: 'request-log retention',
        everyMs: RETENTION_MS,
        firstRunAfterMs: 30_000,
        run: () => service.purgeExpired(),
      },
      {
        // A worker that died leaves its journal behind; the one started in its place (or any
        // other process on the same spool) takes it over.
        name: 'request-log journal takeover',
        everyMs: ORPHAN_CLAIM_MS,
        run: () => writer.resume(),
      },
    ],
    stop: () => writer.stop(),
  } satisfies GatewayModule & Record<string, unknown>;
}

export type RequestLogsModule = Awaited<ReturnType<typeof createRequestLogsModule>>;
