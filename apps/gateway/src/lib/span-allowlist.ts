import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * The span attributes that may leave the gateway. Everything else is removed before export: URLs
 * carry query strings (patient names, dates of birth), error messages may quote a field, and
 * instrumentations add attributes over time. A whitelist, like the response schemas.
 */
export const EXPORTED_SPAN_ATTRIBUTES: ReadonlySet<string> = new Set([
  'http.request.method',
  'http.response.status_code',
  /** The route template (`/_ehr/:practiceId/patients`), never the path as requested. */
  'http.route',
  'server.address',
  'server.port',
  'url.scheme',
  'error.type',
  'db.system',
  'db.system.name',
  'db.operation.name',
  'ehr.source',
  'fastify.type',
  'fastify.root',
  'hook.name',
]);

/** Exception events keep their type only: a message or stack may quote request data. */
const EXPORTED_EVENT_ATTRIBUTES: ReadonlySet<string> = new Set(['exception.type']);

function keepOnly(attributes: Record<string, unknown>, allowed: ReadonlySet<string>) {
  for (const key of Object.keys(attributes)) {
    if (!allowed.has(key)) {
      delete attributes[key];
    }
  }
}

/** Strips every span to the whitelist as it ends, then hands it to the exporting processor. */
export class AllowlistSpanProcessor implements SpanProcessor {
  constructor(private readonly next: SpanProcessor) {}

  onStart(span: Span, parentContext: Context): void {
    this.next.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    keepOnly(span.attributes as Record<string, unknown>, EXPORTED_SPAN_ATTRIBUTES);
    for (const event of span.events) {
      if (event.attributes) {
        keepOnly(event.attributes as Record<string, unknown>, EXPORTED_EVENT_ATTRIBUTES);
      }
    }
    // A status message is an error's message: the type is in the attributes, the words stay here.
    if (span.status.message !== undefined) {
      (span.status as { message?: string }).message = undefined;
    }
    this.next.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}
