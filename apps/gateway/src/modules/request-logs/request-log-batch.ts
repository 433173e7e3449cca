import type { NewRequestLog } from '../../db/schema.js';

/**
 * PostgreSQL error classes that belong to the rows written, not to the database's health: data
 * exceptions (22), integrity violations (23) and program limits (54). A batch failing with one is
 * split until the row responsible is found; any other failure (connection lost, database down) is
 * retried as a whole.
 */
const ROW_ERROR_CLASSES = new Set(['22', '23', '54']);

export function isRowError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.length === 5 && ROW_ERROR_CLASSES.has(code.slice(0, 2));
}

/** The entry with nothing but its metadata and the reason, for when the database refused it. */
function reducedEntry(entry: NewRequestLog, reason: string): NewRequestLog {
  return {
    ...entry,
    request_data: JSON.stringify({ query: {}, body: null, headers: {} }),
    response_data: null,
    response_truncated: false,
    error_message: `Request log entry stored without its data: ${reason}`.slice(0, 2000),
    error_stack: null,
  };
}

const reasonOf = (error: unknown) => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return `${typeof code === 'string' ? `${code} ` : ''}${String(message ?? error)}`;
};

/** What writing one batch came to, kept up to date as it goes (a failure can cut it short). */
export interface BatchOutcome {
  /** How many entries from the head of the batch are settled (stored, reduced or dropped). */
  settled: number;
  reduced: number;
  dropped: number;
  /** Why the latest entry was reduced or dropped. */
  reason: string | null;
}

export const emptyOutcome = (): BatchOutcome => ({
  settled: 0,
  reduced: 0,
  dropped: 0,
  reason: null,
});

/**
 * Writes a batch; a batch the database refuses because of a row in it is split in halves until
 * that row is found, which is stored without its data (or, failing that, dropped and counted),
 * so one poisoned entry never holds back the others. Rejects only for failures that are not about
 * the rows; `outcome` then says how far it got.
 */
export async function writeSplitting(
  insertMany: (entries: NewRequestLog[]) => Promise<void>,
  batch: NewRequestLog[],
  outcome: BatchOutcome,
): Promise<void> {
  try {
    await insertMany(batch);
    outcome.settled += batch.length;
    return;
  } catch (error) {
    if (!isRowError(error)) {
      throw error;
    }
    if (batch.length > 1) {
      const middle = Math.ceil(batch.length / 2);
      await writeSplitting(insertMany, batch.slice(0, middle), outcome);
      await writeSplitting(insertMany, batch.slice(middle), outcome);
      return;
    }
    const reason = reasonOf(error);
    outcome.reason = reason;
    try {
      await insertMany([reducedEntry(batch[0]!, reason)]);
      outcome.reduced += 1;
    } catch (second) {
      if (!isRowError(second)) {
        throw second;
      }
      outcome.dropped += 1;
    }
    outcome.settled += 1;
  }
}
