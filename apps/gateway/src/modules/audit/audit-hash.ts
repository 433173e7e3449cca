import { createHash } from 'node:crypto';

/** The hash the first event of an empty trail follows. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an event's hash covers: everything it records, and the hash of the event before it. */
export interface HashedFields {
  at: Date;
  actorType: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  target: string | null;
  result: string;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
  prevHash: string;
}

/** JSON with object keys sorted at every level, so the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).join(',')}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function eventHash(fields: HashedFields): string {
  const text = canonicalJson([
    fields.at.toISOString(),
    fields.actorType,
    fields.actorId,
    fields.actorName,
    fields.action,
    fields.target,
    fields.result,
    fields.ip,
    fields.userAgent,
    fields.details,
    fields.prevHash,
  ]);
  return createHash('sha256').update(text).digest('hex');
}
