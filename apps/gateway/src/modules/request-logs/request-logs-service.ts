import type { LogEntryDetail, LogEntrySummary, LogListQuery } from '@ehr-gateway/contracts';

import type { PayloadSealer } from '../../lib/payload-seal.js';
import { maskJson } from '../../lib/phi-masking.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import type { AuditContext, AuditModule } from '../audit/index.js';
import type { AuthenticatedAdmin } from '../admin-auth/index.js';
import type { RequestLogsRepository, StoredLogEntry } from './request-logs-repository.js';

const DAY_MS = 86_400_000;

const parse = (text: string | null): unknown =>
  text === null ? null : (JSON.parse(text) as unknown);

/** The request log as administrators read it: masked unless they may, and ask to, see PHI. */
export function createRequestLogsService({
  repository,
  retentionDays,
  payloadRetentionDays,
  sealer,
  audit,
  now = () => new Date(),
}: {
  repository: RequestLogsRepository;
  retentionDays: number;
  /** Read at each run: an administrator may change it at run time. */
  payloadRetentionDays: () => number;
  sealer: PayloadSealer | null;
  audit: Pick<AuditModule, 'record'>;
  now?: () => Date;
}) {
  /** The unmasked bodies of an entry captured in full, when they can be read. */
  function unmasked(row: StoredLogEntry): { request: unknown; response: unknown } | null {
    if (row.payload_purged || row.payload_capture !== 'full') {
      return null;
    }
    if (row.request_data_sealed === null && row.response_data_sealed === null) {
      // Written before payload capture existed: kept in the clear, shown only to PHI access.
      return { request: row.request_data, response: row.response_data };
    }
    const open = (sealed: string | null) => (sealed === null ? null : sealer?.open(sealed));
    const request = open(row.request_data_sealed);
    const response = open(row.response_data_sealed);
    if (request === undefined || (row.request_data_sealed !== null && request === null)) {
      return null;
    }
    return { request: parse(request ?? null), response: parse(response ?? null) };
  }

  return {
    list(filter: LogListQuery): Promise<LogEntrySummary[]> {
      return repository.list(filter);
    },

    /**
     * One entry. Without PHI access, or without asking, the bodies are masked; with both, the
     * sealed copy is opened. Every view is recorded in the audit trail, saying whether PHI was
     * shown.
     */
    async get(
      id: string,
      viewer: AuthenticatedAdmin,
      showPhi: boolean,
      context: AuditContext,
    ): Promise<LogEntryDetail> {
      const mayShowPhi = viewer.user.permissions.includes('logs:phi');
      if (showPhi && !mayShowPhi) {
        throw forbidden(
          `Your role (${viewer.user.role}) may not see patient data in the request log`,
          'PERMISSION_DENIED',
        );
      }
      const row = await repository.get(id);
      if (!row) {
        throw notFound(`No request log entry with id ${id}`, 'LOG_ENTRY_NOT_FOUND');
      }
      const full = mayShowPhi ? unmasked(row) : null;
      const phiShown = showPhi && full !== null;
      await audit.record(context, { action: 'log-viewed', target: id, details: { phiShown } });
      const maskedCopy = row.payload_capture === 'full' && !row.request_data_sealed;
      return {
        id: row.id,
        requestId: row.request_id,
        timestamp: row.timestamp.toISOString(),
        endpoint: row.endpoint,
        method: row.method,
        status: row.status,
        responseTime: row.response_time_ms,
        source: row.source,
        apiKeyId: row.api_key_id,
        apiKeyName: row.api_key_name,
        requestData: (phiShown
          ? full.request
          : maskedCopy
            ? maskJson(row.request_data)
            : row.request_data) as LogEntryDetail['requestData'],
        responseData: phiShown
          ? full.response
          : maskedCopy
            ? maskJson(row.response_data ?? null)
            : (row.response_data ?? null),
        responseTruncated: row.response_truncated,
        error: row.error_message
          ? { message: row.error_message, ...(row.error_stack ? { stack: row.error_stack } : {}) }
          : null,
        payload: {
          capture: row.payload_capture as LogEntryDetail['payload']['capture'],
          masked: !phiShown,
          phiAvailable: full !== null,
          purged: row.payload_purged,
        },
      };
    },

    async purgeExpired(): Promise<number> {
      const at = now().getTime();
      await repository.purgePayloadsOlderThan(new Date(at - payloadRetentionDays() * DAY_MS));
      return repository.deleteOlderThan(new Date(at - retentionDays * DAY_MS));
    },
  };
}

export type RequestLogsService = ReturnType<typeof createRequestLogsService>;
