import type { LogEntryDetail, LogFilter, LogList, LogListQuery } from '@ehr-gateway/contracts';

import { csvRow } from '../../lib/csv.js';

import type { PayloadSealer } from '../../lib/payload-seal.js';
import { maskJson } from '../../lib/phi-masking.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import type { AuditContext, AuditModule } from '../audit/index.js';
import type { AuthenticatedAdmin } from '../admin-auth/index.js';
import type {
  LogPosition,
  RequestLogsRepository,
  StoredLogEntry,
} from './request-logs-repository.js';

const DAY_MS = 86_400_000;
const EXPORT_PAGE = 1000;

/** The export's columns: what the list shows plus the request id, never a body. */
const CSV_COLUMNS = [
  'timestamp',
  'method',
  'endpoint',
  'status',
  'response_time_ms',
  'source',
  'api_key_name',
  'request_id',
  'id',
];

const cursorOf = (position: LogPosition) => `${position.micros}_${position.id}`;
const positionOf = (cursor: string | undefined): LogPosition | undefined => {
  if (cursor === undefined) {
    return undefined;
  }
  const [micros, id] = cursor.split('_') as [string, string];
  return { micros, id };
};

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
    /** A page of entries, newest first, and the cursor of the next one when there is more. */
    async list({ cursor, limit, ...filter }: LogListQuery): Promise<LogList> {
      // One more than asked says whether another page exists without counting.
      const rows = await repository.page({
        ...filter,
        before: positionOf(cursor),
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      return {
        logs: page.map(({ position: _position, requestId: _requestId, ...summary }) => summary),
        nextCursor: rows.length > limit ? cursorOf(page.at(-1)!.position) : null,
      };
    },

    recordExport(filter: LogFilter, context: AuditContext): Promise<void> {
      return audit.record(context, { action: 'logs-exported', details: { filter } });
    },

    /** Every entry the filter matches as CSV lines, read a page at a time as the client takes them. */
    async *exportCsv(filter: LogFilter): AsyncGenerator<string> {
      yield csvRow(CSV_COLUMNS);
      let before: LogPosition | undefined;
      for (;;) {
        const rows = await repository.page({ ...filter, before, limit: EXPORT_PAGE });
        for (const row of rows) {
          yield csvRow([
            row.timestamp,
            row.method,
            row.endpoint,
            row.status,
            row.responseTime,
            row.source,
            row.apiKeyName,
            row.requestId,
            row.id,
          ]);
        }
        if (rows.length < EXPORT_PAGE) {
          return;
        }
        before = rows.at(-1)!.position;
      }
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
        route: row.route,
        upstreamMs: row.upstream_ms,
        traceId: row.trace_id,
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
      const deleted = await repository.deleteOlderThan(new Date(at - retentionDays * DAY_MS));
      await repository.refreshStatistics();
      return deleted;
    },
  };
}

export type RequestLogsService = ReturnType<typeof createRequestLogsService>;
