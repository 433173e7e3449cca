import { queryKey } from './cached-client.js';
import type { CallMemo, EhrCallContext, EhrClient } from './ehr-client.js';

/** How long an answer is reused within a phone call: long enough for a call's next tools. */
export const CALL_MEMO_TTL_MS = 2 * 60_000;
/** Calls remembered at once; the least recently used is forgotten first. */
export const CALL_MEMO_MAX_CALLS = 500;
/** Answers kept per call (a call asks a handful of questions; a runaway one stops here). */
const MAX_ENTRIES_PER_CALL = 64;

/** Reads that a write to the practice can change: dropped from the call's memo by every write. */
const CHANGED_BY_WRITES = new Set(['appointments', 'appointment', 'slots']);

interface Entry {
  at: number;
  value: Promise<unknown>;
}

/**
 * The memos of the voice calls in progress, bounded in number and age: in memory only, per call,
 * each answer for CALL_MEMO_TTL_MS at most, so patient data read for one call is never served to
 * another, nor kept past the TTL.
 */
export function createCallMemos({
  ttlMs = CALL_MEMO_TTL_MS,
  maxCalls = CALL_MEMO_MAX_CALLS,
  now = Date.now,
}: { ttlMs?: number; maxCalls?: number; now?: () => number } = {}) {
  const calls = new Map<string, { usedAt: number; entries: Map<string, Entry> }>();
  // Runs only while a call is remembered, so that nothing outlives its TTL by more than a TTL even
  // when no call comes to sweep it; unref'd, it never holds the process open.
  let sweeper: ReturnType<typeof setInterval> | undefined;

  function stopSweeper() {
    clearInterval(sweeper);
    sweeper = undefined;
  }

  /** Forgets the calls unused for a TTL (oldest first: the Map is in order of last use). */
  function sweep() {
    for (const [callId, call] of calls) {
      if (calls.size <= maxCalls && now() - call.usedAt < ttlMs) {
        break;
      }
      calls.delete(callId);
    }
    if (calls.size === 0) {
      stopSweeper();
    }
  }

  function entriesOf(callId: string): Map<string, Entry> {
    const entries = calls.get(callId)?.entries ?? new Map<string, Entry>();
    // Re-inserted, so the Map's order is the order of last use.
    calls.delete(callId);
    calls.set(callId, { usedAt: now(), entries });
    sweep();
    sweeper ??= setInterval(sweep, ttlMs).unref();
    return entries;
  }

  function memoOf(callId: string): CallMemo {
    return {
      reuse<T>(key: string, load: () => Promise<T>): Promise<T> {
        const entries = entriesOf(callId);
        const hit = entries.get(key);
        if (hit && now() - hit.at < ttlMs) {
          return hit.value as Promise<T>;
        }
        for (const [stored, entry] of entries) {
          if (now() - entry.at >= ttlMs || entries.size >= MAX_ENTRIES_PER_CALL) {
            entries.delete(stored);
          }
        }
        const value = load();
        const entry = { at: now(), value };
        entries.set(key, entry);
        value.catch(() => {
          if (entries.get(key) === entry) {
            entries.delete(key);
          }
        });
        return value;
      },
      forget(kinds) {
        const entries = calls.get(callId)?.entries;
        for (const key of entries?.keys() ?? []) {
          if (kinds.has(key.split('|')[2] ?? '')) {
            entries!.delete(key);
          }
        }
      },
    };
  }

  return {
    memoOf,
    /** Forgets every call and stops the sweep (a later call starts both again). */
    close() {
      calls.clear();
      stopSweeper();
    },
    /** How many calls are remembered (for tests). */
    get size() {
      return calls.size;
    },
    /** Whether the periodic sweep is scheduled (for tests). */
    get sweeping() {
      return sweeper !== undefined;
    },
  };
}

export type CallMemos = ReturnType<typeof createCallMemos>;

/**
 * An EHR client whose reads reuse the answers the same voice call already had (`ctx.callMemo`), and
 * whose writes forget the call's appointments and open slots. Without a memo in the context, and
 * for a practice the caller's key may not use, it passes every call through. Patient matching is
 * never reused: it decides who the caller is. The records a match returns are kept as that call's
 * reads of those patients (the same record, mapped alike), so the search after verify_patient does
 * not read the verified patient again.
 */
export function withCallMemo(client: EhrClient): EhrClient {
  const read = <T>(
    practiceId: string,
    kind: string,
    query: object,
    ctx: EhrCallContext,
    load: () => Promise<T>,
  ): Promise<T> => {
    const memo = ctx.callMemo;
    const allowed = ctx.allowedPracticeIds;
    if (!memo || (allowed && !allowed.includes(practiceId))) {
      return load();
    }
    return memo.reuse(`${client.source}|${practiceId}|${kind}|${queryKey(query)}`, load);
  };
  const write = async <T>(ctx: EhrCallContext, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } finally {
      ctx.callMemo?.forget(CHANGED_BY_WRITES);
    }
  };

  return {
    source: client.source,
    listPatients: (practiceId, search, ctx) => client.listPatients(practiceId, search, ctx),
    getPatient: (practiceId, patientId, ctx) =>
      read(practiceId, 'patient', { patientId }, ctx, () =>
        client.getPatient(practiceId, patientId, ctx),
      ),
    findPatients: async (practiceId, identity, ctx) => {
      const matches = await client.findPatients(practiceId, identity, ctx);
      for (const match of matches) {
        void read(practiceId, 'patient', { patientId: match.id }, ctx, async () => match);
      }
      return matches;
    },
    createPatient: (practiceId, patient, ctx) =>
      write(ctx, () => client.createPatient(practiceId, patient, ctx)),
    listAppointments: (practiceId, range, ctx) =>
      read(practiceId, 'appointments', range, ctx, () =>
        client.listAppointments(practiceId, range, ctx),
      ),
    getAppointment: (practiceId, appointmentId, ctx) =>
      read(practiceId, 'appointment', { appointmentId }, ctx, () =>
        client.getAppointment(practiceId, appointmentId, ctx),
      ),
    listProviders: (practiceId, page, ctx) =>
      read(practiceId, 'providers', page, ctx, () => client.listProviders(practiceId, page, ctx)),
    listDepartments: (practiceId, ctx) =>
      read(practiceId, 'departments', {}, ctx, () => client.listDepartments(practiceId, ctx)),
    listReferringProviders: (practiceId, ctx) => client.listReferringProviders(practiceId, ctx),
    listAppointmentTypes: (practiceId, filter, ctx) =>
      read(practiceId, 'appointment-types', filter, ctx, () =>
        client.listAppointmentTypes(practiceId, filter, ctx),
      ),
    listOpenSlots: (practiceId, search, ctx) =>
      read(practiceId, 'slots', search, ctx, () => client.listOpenSlots(practiceId, search, ctx)),
    ...(client.listOpenSlotsIn && {
      listOpenSlotsIn: (practiceId, search, ctx) =>
        read(practiceId, 'slots', search, ctx, () =>
          client.listOpenSlotsIn!(practiceId, search, ctx),
        ),
    }),
    bookAppointment: (practiceId, booking, ctx) =>
      write(ctx, () => client.bookAppointment(practiceId, booking, ctx)),
    cancelAppointment: (practiceId, cancellation, ctx) =>
      write(ctx, () => client.cancelAppointment(practiceId, cancellation, ctx)),
  };
}
