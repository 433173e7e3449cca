import type { FastifyInstance } from 'fastify';

import type { BackgroundTask, GatewayModule } from './gateway-module.js';

/**
 * Runs each module's tasks on its interval (and first after its delay); returns what stops them
 * all. Timers are unref'd: a task never keeps the process alive on its own.
 */
export function startBackgroundTasks(
  tasks: BackgroundTask[],
  onFailure: (task: BackgroundTask, error: unknown) => void,
): () => void {
  const timers: NodeJS.Timeout[] = [];
  const run = (task: BackgroundTask) => {
    task.run().catch((error: unknown) => onFailure(task, error));
  };
  for (const task of tasks) {
    const interval = setInterval(() => run(task), task.everyMs);
    interval.unref();
    timers.push(interval);
    if (task.firstRunAfterMs !== undefined) {
      const first = setTimeout(() => run(task), task.firstRunAfterMs);
      first.unref();
      timers.push(first);
    }
  }
  return () => timers.forEach((timer) => clearTimeout(timer));
}

/** The modules' timers start now; on close they stop, then the modules, last built first. */
export function runModuleLifecycle(
  app: FastifyInstance,
  modules: GatewayModule[],
  timers: boolean,
) {
  const stopTasks = timers
    ? startBackgroundTasks(
        modules.flatMap((module) => module.tasks ?? []),
        (task, error) => app.log.warn({ err: error }, `${task.name} failed`),
      )
    : () => undefined;
  app.addHook('onClose', async () => {
    stopTasks();
    for (const module of [...modules].reverse()) {
      await module.stop?.().catch((error: unknown) => {
        app.log.warn({ err: error }, 'a module did not stop cleanly');
      });
    }
  });
}
