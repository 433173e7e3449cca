import type {
  AuditAction,
  AuditActor,
  AuditEvent,
  AuditExportQuery,
  AuditPage,
  AuditQuery,
  AuditResult,
  AuditVerification,
} from '@ehr-gateway/contracts';

import { csvRow } from '../../lib/csv.js';
import { eventHash } from './audit-hash.js';
import { AUDIT_COLUMNS, type AuditRepository, type StoredAuditEvent } from './audit-repository.js';

/** Who acted and from where, as a route knows it. */
export interface AuditContext {
  actor: AuditActor;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  target?: string | null;
  result?: AuditResult;
  details?: Record<string, unknown>;
}

const DAY_MS = 86_400_000;
const MAX_USER_AGENT = 300;
const VERIFY_PAGE = 1_000;
const EXPORT_PAGE = 500;

const toContract = (event: StoredAuditEvent): AuditEvent => ({
  id: event.id,
  at: event.at.toISOString(),
  actor: {
    type: event.actorType as AuditActor['type'],
    id: event.actorId,
    name: event.actorName,
  },
  action: event.action as AuditAction,
  target: event.target,
  result: event.result as AuditResult,
  ip: event.ip,
  userAgent: event.userAgent,
  details: event.details,
});

/** The export carries every column but the chain's hashes (verify checks those). */
const CSV_COLUMNS = AUDIT_COLUMNS.filter((column) => column !== 'prev_hash' && column !== 'hash');

/**
 * The audit trail: who did what in the admin API, when, from where, with what result. Events are
 * appended to a hash chain and never changed; only retention deletes them, oldest first.
 */
export function createAuditService({
  repository,
  retentionDays,
  now = () => new Date(),
}: {
  repository: AuditRepository;
  retentionDays: number;
  now?: () => Date;
}) {
  return {
    async record(context: AuditContext, record: AuditRecord): Promise<void> {
      await repository.append({
        at: now(),
        actorType: context.actor.type,
        actorId: context.actor.id,
        actorName: context.actor.name,
        action: record.action,
        target: record.target ?? null,
        result: record.result ?? 'success',
        ip: context.ip,
        userAgent: context.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
        details: record.details ?? {},
      });
    },

    /** One action's events since a time, newest first, at most `limit` (what monitoring watches). */
    async recent(action: AuditAction, since: Date, limit: number): Promise<AuditEvent[]> {
      const events = await repository.page({ action, from: since.toISOString(), limit });
      return events.map(toContract);
    },

    async list(query: AuditQuery): Promise<AuditPage> {
      const events = await repository.page({ ...query, before: query.cursor });
      return {
        events: events.map(toContract),
        nextCursor: events.length === query.limit ? (events.at(-1)?.id ?? null) : null,
      };
    },

    /** The filtered trail as CSV, newest first, read a page at a time. */
    async *exportCsv(filter: AuditExportQuery): AsyncGenerator<string> {
      yield `${CSV_COLUMNS.join(',')}\n`;
      let before: string | undefined;
      for (;;) {
        const events = await repository.page({ ...filter, before, limit: EXPORT_PAGE });
        for (const event of events) {
          yield csvRow([
            event.id,
            event.at.toISOString(),
            event.actorType,
            event.actorId,
            event.actorName,
            event.action,
            event.target,
            event.result,
            event.ip,
            event.userAgent,
            JSON.stringify(event.details),
          ]);
        }
        if (events.length < EXPORT_PAGE) {
          return;
        }
        before = events.at(-1)!.id;
      }
    },

    /**
     * Walks the chain from the oldest event kept (its predecessor may have been deleted by
     * retention: its recorded hash is the anchor) and reports the first event that does not hold
     * what its hash covers or does not follow the event before it.
     */
    async verify(): Promise<AuditVerification> {
      let checked = 0;
      let expectedPrev: string | null = null;
      let after: string | null = null;
      for (;;) {
        const events = await repository.chainAfter(after, VERIFY_PAGE);
        for (const event of events) {
          if (expectedPrev !== null && event.prevHash !== expectedPrev) {
            return {
              valid: false,
              checked,
              brokenAt: event.id,
              reason: 'it does not follow the event before it (an event was removed or changed)',
            };
          }
          if (eventHash(event) !== event.hash) {
            return {
              valid: false,
              checked,
              brokenAt: event.id,
              reason: 'what it holds does not match its hash (it was changed)',
            };
          }
          expectedPrev = event.hash;
          checked += 1;
        }
        if (events.length < VERIFY_PAGE) {
          return { valid: true, checked, brokenAt: null, reason: null };
        }
        after = events.at(-1)!.id;
      }
    },

    purgeExpired(): Promise<number> {
      return repository.deleteOlderThan(new Date(now().getTime() - retentionDays * DAY_MS));
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
