import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyPluginCallback } from 'fastify';

import { AllowlistSpanProcessor } from './span-allowlist.js';

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  serviceName: string;
  serviceVersion: string;
  /** Sent with every export (OTEL_EXPORTER_OTLP_HEADERS), e.g. a collector's API key. */
  headers?: Record<string, string>;
}

/** What the app needs of tracing: the Fastify plugin and a tracer for its own spans. */
export interface Tracing {
  tracer: Tracer;
  /** @fastify/otel's plugin: a span per request (inbound `traceparent` honoured) and per handler. */
  fastifyPlugin: FastifyPluginCallback;
  forceFlush(): Promise<void>;
  shutdown(): Promise<void>;
}

const TRACER_NAME = 'ehr-gateway';

/**
 * Starts the OpenTelemetry SDK: spans batched and exported over OTLP/HTTP, W3C trace context
 * propagated in and out, outgoing fetch calls (athena) traced by the undici instrumentation. Called
 * only when an endpoint is configured; with none, nothing here is loaded into the request path.
 */
export function startTracing(options: TracingOptions): Tracing {
  const exporter = new OTLPTraceExporter({
    url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces`,
    headers: options.headers,
  });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': options.serviceName,
      'service.version': options.serviceVersion,
    }),
    spanProcessors: [new AllowlistSpanProcessor(new BatchSpanProcessor(exporter))],
  });
  // Global: the context manager (AsyncLocalStorage), the W3C propagator and the provider the
  // instrumentations use.
  provider.register();

  const undici = new UndiciInstrumentation();
  undici.setTracerProvider(provider);
  undici.enable();
  const fastify = new FastifyOtelInstrumentation({
    requestHook: (span, request) => {
      request.traceId = span.spanContext().traceId;
    },
  });
  fastify.setTracerProvider(provider);

  return {
    tracer: provider.getTracer(TRACER_NAME, options.serviceVersion),
    fastifyPlugin: fastify.plugin(),
    forceFlush: () => provider.forceFlush(),
    shutdown: async () => {
      undici.disable();
      fastify.disable();
      await provider.shutdown();
    },
  };
}
