import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { AthenaTelemetry } from '../ehr/index.js';
import { statusClassOf } from './request-rollup.js';
import { registerWebhookMetrics } from './webhook-exporter.js';

/** Seconds: the usual web-service ladder, with room for a slow EHR. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const PREFIX = 'ehr_gateway_';

export interface ObservedRequest {
  source: string;
  /** The route template; null when none matched (all such requests share one label). */
  route: string | null;
  method: string;
  status: number;
  totalMs: number;
  upstreamMs: number | null;
  cache: 'HIT' | 'MISS' | undefined;
  apiKey: { id: string | null; name: string } | null;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface PrometheusSources {
  /** The request log's writer (its health); the shape only, so metrics does not import request-logs. */
  requestLog: () => { buffered: number; spooled: number; dropped: number };
  athena: () => AthenaTelemetry | null;
  dbPool?: () => PoolStats;
  /** Webhook deliveries waiting in the shared outbox (read at scrape time). */
  webhookBacklog?: () => Promise<number>;
  /** Label requests with the API key's name as well as its id (PROMETHEUS_KEY_NAMES). */
  keyNames: boolean;
}

const BREAKER_STATES = ['closed', 'half-open', 'open'] as const;

/** Per-request figures: counts, durations and cache outcomes, by bounded labels only. */
function requestMetrics(registry: Registry, keyLabels: string[]) {
  const requests = new Counter({
    name: `${PREFIX}requests_total`,
    help: 'Gateway requests answered, by source, route template, method and status class',
    labelNames: ['source', 'route', 'method', 'status_class'],
    registers: [registry],
  });
  const keyRequests = new Counter({
    name: `${PREFIX}api_key_requests_total`,
    help: 'Gateway requests answered, by API key and status class',
    labelNames: [...keyLabels, 'status_class'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${PREFIX}request_duration_seconds`,
    help: 'Time to answer a gateway request, as the client saw it',
    labelNames: ['source', 'route', 'status_class'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const upstream = new Histogram({
    name: `${PREFIX}upstream_duration_seconds`,
    help: 'Time a gateway request spent waiting on the EHR',
    labelNames: ['source', 'route'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const cache = new Counter({
    name: `${PREFIX}ehr_cache_lookups_total`,
    help: 'EHR response cache lookups, by outcome (hit or miss)',
    labelNames: ['source', 'outcome'],
    registers: [registry],
  });
  return { requests, keyRequests, duration, upstream, cache };
}

/** Gauges read at scrape time from the request log, the athena client and the database pool. */
function registerHealthGauges(registry: Registry, sources: PrometheusSources) {
  new Gauge({
    name: `${PREFIX}request_log_buffered`,
    help: 'Request-log entries waiting to be written',
    registers: [registry],
    collect() {
      const health = sources.requestLog();
      this.set(health.buffered + health.spooled);
    },
  });
  new Gauge({
    name: `${PREFIX}request_log_dropped`,
    help: 'Request-log entries dropped since start (the database refused them)',
    registers: [registry],
    collect() {
      this.set(sources.requestLog().dropped);
    },
  });
  new Gauge({
    name: `${PREFIX}athena_circuit_breaker_state`,
    help: 'The athena circuit breaker: 1 for the state it is in (absent when athena is not configured)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      const athena = sources.athena();
      if (athena) {
        for (const state of BREAKER_STATES) {
          this.set({ state }, athena.breakerState === state ? 1 : 0);
        }
      }
    },
  });
  new Gauge({
    name: `${PREFIX}athena_token_requests`,
    help: 'athena access-token requests since start, by result',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      const athena = sources.athena();
      if (athena) {
        this.set({ result: 'success' }, athena.tokenRefreshes);
        this.set({ result: 'failure' }, athena.tokenFailures);
      }
    },
  });
  if (sources.dbPool) {
    const dbPool = sources.dbPool;
    new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: 'PostgreSQL pool connections, by state',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = dbPool();
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'busy' }, stats.total - stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
}

/**
 * The gateway's figures in Prometheus's text format, per instance (Prometheus sums instances).
 * Labels are route templates, sources, methods, status classes and key ids: never a raw path,
 * a query, a patient or key material.
 */
export function createPrometheusExporter(sources: PrometheusSources) {
  const registry = new Registry();
  // Process metrics start with the first scrape: an instance nobody scrapes keeps no sampler.
  let processMetrics = false;
  const keyLabels = sources.keyNames ? ['api_key_id', 'api_key_name'] : ['api_key_id'];
  const { requests, keyRequests, duration, upstream, cache } = requestMetrics(registry, keyLabels);
  registerHealthGauges(registry, sources);
  const webhooks = registerWebhookMetrics(registry, sources.webhookBacklog);

  return {
    contentType: registry.contentType,

    /** Webhook events and attempts as they happen (the webhooks module's observer). */
    webhooks,

    observe(request: ObservedRequest): void {
      const route = request.route ?? '(unmatched)';
      const statusClass = statusClassOf(request.status);
      requests.inc({
        source: request.source,
        route,
        method: request.method,
        status_class: statusClass,
      });
      duration.observe(
        { source: request.source, route, status_class: statusClass },
        request.totalMs / 1000,
      );
      if (request.upstreamMs !== null) {
        upstream.observe({ source: request.source, route }, request.upstreamMs / 1000);
      }
      if (request.cache) {
        cache.inc({ source: request.source, outcome: request.cache.toLowerCase() });
      }
      const keyId = request.apiKey?.id ?? '';
      keyRequests.inc({
        api_key_id: keyId,
        ...(sources.keyNames ? { api_key_name: keyId ? (request.apiKey?.name ?? '') : '' } : {}),
        status_class: statusClass,
      });
    },

    scrape(): Promise<string> {
      if (!processMetrics) {
        collectDefaultMetrics({ register: registry, prefix: PREFIX });
        processMetrics = true;
      }
      return registry.metrics();
    },
  };
}

export type PrometheusExporter = ReturnType<typeof createPrometheusExporter>;
