import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { Redis } from 'ioredis';

/**
 * Child spans for Redis commands: the command's name only (keys hold key ids and practice ids,
 * arguments may hold cached EHR answers). ioredis sends every command through `sendCommand`.
 */
export function traceRedisCommands(redis: Redis, tracer: Tracer | undefined): void {
  if (!tracer) {
    return;
  }
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (command, stream) => {
    const span = tracer.startSpan(`redis ${command.name}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'redis', 'db.operation.name': command.name },
    });
    command.promise.then(
      () => span.end(),
      (error: unknown) => {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute('error.type', error instanceof Error ? error.name : 'Error');
        span.end();
      },
    );
    return send(command, stream);
  };
}
