import type { AddressInfo } from 'node:net';

/** What a sandbox app (a Fastify instance) offers start-up. */
export interface ListeningApp {
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<unknown>;
  server: { address(): AddressInfo | string | null };
}

export interface SandboxStart {
  app: ListeningApp;
  port: number;
  host: string;
  /** The line printed once listening, given the address it listens on (http://host:port). */
  banner(origin: string): string;
}

/**
 * Starts a sandbox from its `start` (which reads the environment and builds the app), prints its
 * banner, and closes it on SIGTERM or SIGINT (once, however many signals come). A failure to start
 * ends the process with a one-line reason: a configuration error's own message, else the cause.
 */
export function serveSandbox(
  name: string,
  start: () => SandboxStart,
  isConfigError: (error: unknown) => error is Error,
): void {
  const run = async () => {
    const { app, port, host, banner } = start();
    await app.listen({ port, host });
    const address = app.server.address();
    const boundPort = typeof address === 'object' && address ? address.port : port;
    console.log(banner(`http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`));

    let stopping: Promise<void> | null = null;
    const stop = (signal: NodeJS.Signals) => {
      stopping ??= app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`${name}: could not stop cleanly on ${signal}:`, error);
          process.exit(1);
        },
      );
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  };

  run().catch((error: unknown) => {
    console.error(
      isConfigError(error)
        ? `${name}: ${error.message}`
        : `${name} failed to start: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  });
}
