import type { LogEntryDetail, LogEntrySummary, LogListQuery } from '@ehr-gateway/contracts';

import { notFound } from '../../lib/http-errors.js';
import type { RequestLogsRepository } from './request-logs-repository.js';

const DAY_MS = 86_400_000;

export function createRequestLogsService({
  repository,
  retentionDays,
  now = () => new Date(),
}: {
  repository: RequestLogsRepository;
  retentionDays: number;
  now?: () => Date;
}) {
  return {
    list(filter: LogListQuery): Promise<LogEntrySummary[]> {
      return repository.list(filter);
    },

    async get(id: string): Promise<LogEntryDetail> {
      const entry = await repository.get(id);
      if (!entry) {
        throw notFound(`No request log entry with id ${id}`, 'LOG_ENTRY_NOT_FOUND');
      }
      return entry;
    },

    purgeExpired(): Promise<number> {
      return repository.deleteOlderThan(new Date(now().getTime() - retentionDays * DAY_MS));
    },
  };
}

export type RequestLogsService = ReturnType<typeof createRequestLogsService>;
