/** What athena's changed-data subscriptions cover in this sandbox. */
export type FeedKind = 'appointments' | 'patients';

/** One change waiting in a feed: the record's id, where it happened and what happened. */
export interface FeedEntry {
  id: string;
  departmentId: string;
  /** athena's event name (ScheduleAppointment, CancelAppointment, …). */
  eventName: string;
  at: Date;
  /** For a moved appointment: the id it was moved from. */
  rescheduledFrom?: string;
}

/** athena's event names per feed, as its subscription endpoint lists them. */
export const FEED_EVENTS: Record<FeedKind, readonly string[]> = {
  appointments: [
    'ScheduleAppointment',
    'CancelAppointment',
    'RescheduleAppointment',
    'UpdateAppointment',
  ],
  patients: ['AddPatient', 'UpdatePatient'],
};

/**
 * athena's changed-data subscriptions: once a practice subscribes to a feed, every change to that
 * kind of record is queued; `GET …/changed` hands out the queue (optionally one department's) and
 * marks what it handed out processed unless `leaveunprocessed` is set. Changes before the
 * subscription are not queued, as in athena.
 */
export function createChangeFeed() {
  const subscribed = new Map<FeedKind, Set<string>>();
  const queues: Record<FeedKind, FeedEntry[]> = { appointments: [], patients: [] };

  return {
    subscribe(kind: FeedKind, eventNames: readonly string[] = FEED_EVENTS[kind]) {
      const events = subscribed.get(kind) ?? new Set<string>();
      eventNames.forEach((name) => events.add(name));
      subscribed.set(kind, events);
    },
    unsubscribe(kind: FeedKind) {
      subscribed.delete(kind);
      queues[kind] = [];
    },
    subscriptions: (kind: FeedKind): string[] => [...(subscribed.get(kind) ?? [])],

    /** Queues a change when its feed (and event) is subscribed. */
    record(kind: FeedKind, entry: FeedEntry) {
      if (subscribed.get(kind)?.has(entry.eventName)) {
        queues[kind].push(entry);
      }
    },

    /** The latest change of each record waiting (in one department if given), oldest first. */
    take(kind: FeedKind, departmentIds: string[] | null, leaveUnprocessed: boolean): FeedEntry[] {
      const inScope = (entry: FeedEntry) =>
        !departmentIds || departmentIds.includes(entry.departmentId);
      const taken = queues[kind].filter(inScope);
      if (!leaveUnprocessed) {
        queues[kind] = queues[kind].filter((entry) => !inScope(entry));
      }
      const latest = new Map<string, FeedEntry>();
      taken.forEach((entry) => {
        latest.delete(entry.id);
        latest.set(entry.id, entry);
      });
      return [...latest.values()];
    },

    reset() {
      subscribed.clear();
      queues.appointments = [];
      queues.patients = [];
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
