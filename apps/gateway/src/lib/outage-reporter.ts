/** The two log calls the reporter makes (a pino or Fastify logger has both). */
interface Log {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/**
 * Reports a dependency's outage to the server log without flooding it: the first failure is
 * logged at once, further ones at most once per `repeatMs` (with how many were not logged), and
 * the recovery once.
 */
export function createOutageReporter(
  log: Log,
  what: string,
  { repeatMs = 60_000, now = Date.now }: { repeatMs?: number; now?: () => number } = {},
) {
  let failingSince: number | null = null;
  let lastLoggedAt = 0;
  let unlogged = 0;

  return {
    failure(error: unknown): void {
      const at = now();
      if (failingSince === null) {
        failingSince = at;
        lastLoggedAt = at;
        log.warn({ err: error }, `${what} unavailable`);
        return;
      }
      if (at - lastLoggedAt >= repeatMs) {
        log.warn(
          { err: error, failuresSinceLastReport: unlogged + 1, downForMs: at - failingSince },
          `${what} still unavailable`,
        );
        lastLoggedAt = at;
        unlogged = 0;
        return;
      }
      unlogged += 1;
    },
    success(): void {
      if (failingSince !== null) {
        log.info({ downForMs: now() - failingSince }, `${what} available again`);
        failingSince = null;
        unlogged = 0;
      }
    },
    get failing(): boolean {
      return failingSince !== null;
    },
  };
}

export type OutageReporter = ReturnType<typeof createOutageReporter>;
