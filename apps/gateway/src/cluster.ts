import cluster from 'node:cluster';
import os from 'node:os';

import { EnvError, type Env } from './config/env.js';

/** How many worker processes this instance runs (see GATEWAY_WORKERS in docs/operations.md). */
export function workerCount(env: Pick<Env, 'GATEWAY_WORKERS' | 'DATABASE_URL'>): number {
  if (env.GATEWAY_WORKERS !== undefined && env.GATEWAY_WORKERS > 1 && !env.DATABASE_URL) {
    // PGlite lives inside one process; a second one cannot open the same data directory.
    throw new EnvError(
      'Invalid environment:\n  GATEWAY_WORKERS: more than one worker needs DATABASE_URL (PostgreSQL); the embedded database runs in one process',
    );
  }
  return env.GATEWAY_WORKERS ?? (env.DATABASE_URL ? os.availableParallelism() : 1);
}

const RESTART_DELAY_MS = 1_000;

/**
 * The primary of a multi-worker instance: forks the workers (each a full gateway sharing
 * PostgreSQL and Redis, the listening socket shared by node:cluster), restarts one that dies,
 * and passes a stop signal on. The athena allowance is split across them like across instances.
 */
export function runPrimary(env: Pick<Env, 'GATEWAY_INSTANCES'>, workers: number) {
  const workerEnv = {
    GATEWAY_INSTANCES: String(env.GATEWAY_INSTANCES * workers),
  };
  let stopping = false;
  const fork = () => cluster.fork(workerEnv);
  // The first worker starts alone (it creates the first admin and prints the password banner);
  // the others follow once it listens.
  fork().once('listening', () => {
    for (let index = 1; index < workers; index += 1) {
      fork();
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        process.exit(0);
      }
      return;
    }
    process.stderr.write(
      `gateway worker ${worker.process.pid} stopped (${signal ?? code}); starting another\n`,
    );
    setTimeout(fork, RESTART_DELAY_MS).unref();
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) {
        worker?.process.kill(signal);
      }
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        process.exit(0);
      }
    });
  }
}

export const isPrimaryOfMany = (workers: number) => workers > 1 && cluster.isPrimary;

/** Whether this process speaks for the instance on the terminal: the only one, or worker 1. */
export const speaksForInstance = () => !cluster.isWorker || cluster.worker?.id === 1;
