const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The parts of a sandbox's fault state and counters the request hook uses. */
interface FaultSource<Kind extends string, Action extends string> {
  readonly settings: { latencyMs: number };
  affects(kind: Kind): boolean;
  next(kind: Kind): Action | null;
}
interface FaultCounters<Action extends string> {
  latency(): void;
  fault(action: Action): void;
}

/**
 * What an affected call gets, after the added latency: the fault to answer with, or null to
 * answer normally. Counted in the sandbox's stats either way.
 */
export async function nextFault<Kind extends string, Action extends string>(
  faults: FaultSource<Kind, Action>,
  stats: FaultCounters<Action>,
  kind: Kind | null,
): Promise<Action | null> {
  if (!kind || !faults.affects(kind)) {
    return null;
  }
  const { latencyMs } = faults.settings;
  if (latencyMs > 0) {
    stats.latency();
    await sleep(latencyMs);
  }
  const action = faults.next(kind);
  if (action) {
    stats.fault(action);
  }
  return action;
}

/** The request and reply of a Fastify hook, as far as dropping a connection needs them. */
interface Droppable {
  request: { raw: { socket?: { destroy?: () => void } | null } };
  reply: { hijack(): void; raw: { destroy(error: Error): void } };
}

/** No answer at all: the client sees its connection reset. */
export function dropConnection({ request, reply }: Droppable): void {
  reply.hijack();
  // An injected request's socket is a stand-in without destroy(); ending the response with an
  // error then makes inject() reject as a real client's call would.
  if (typeof request.raw.socket?.destroy === 'function') {
    request.raw.socket.destroy();
  }
  reply.raw.destroy(new Error('Connection dropped (sandbox fault)'));
}
