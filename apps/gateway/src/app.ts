import './fastify-augment.js';

import { randomUUID } from 'node:crypto';

import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';

import {
  ADMIN_PREFIX,
  DEFAULT_ALERT_ERROR_RATE_PERCENT,
  DEFAULT_API_ROOT,
  HEADERS,
} from '@ehr-gateway/contracts';

import type { GatewaySettings } from './config/settings.js';
import type { Db } from './db/database.js';
import { createCorsPolicy } from './lib/cors-policy.js';
import type { Tracing } from './lib/tracing.js';
import type { GatewayModule } from './lib/gateway-module.js';
import { startBackgroundTasks } from './lib/scheduler.js';
import { createAdminAuthModule, type AdminAuthPolicy } from './modules/admin-auth/index.js';
import { createAggregationModule } from './modules/aggregation/index.js';
import { createAuditModule } from './modules/audit/index.js';
import { createApiKeysModule } from './modules/api-keys/index.js';
import {
  createEhrModule,
  rewriteEhrUrl,
  type AthenaTransportOverrides,
  type FhirTransportOverrides,
} from './modules/ehr/index.js';
import { createEhrStatusModule } from './modules/ehr-status/index.js';
import { createFhirModule } from './modules/fhir/index.js';
import { createGatewayConfigModule } from './modules/gateway-config/index.js';
import { createHealthModule } from './modules/health/index.js';
import { createIdempotencyModule } from './modules/idempotency/index.js';
import { createLlmToolsModule } from './modules/llm-tools/index.js';
import { createMetricsModule, type PoolStats } from './modules/metrics/index.js';
import { createMonitoringModule } from './modules/monitoring/index.js';
import { createRequestLogsModule } from './modules/request-logs/index.js';
import { createSmartSchedulingModule } from './modules/smart-scheduling/index.js';
import { createSsoModule } from './modules/sso/index.js';
import { createSystemModule } from './modules/system/index.js';
import { createTrafficControlModule } from './modules/traffic-control/index.js';
import { createUtilityModule } from './modules/utility/index.js';
import { createVoiceConfigModule } from './modules/voice-config/index.js';
import { createWebhooksModule } from './modules/webhooks/index.js';
import { registerAccessLog } from './plugins/access-log.js';
import { registerConsole } from './plugins/console.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { createGatewayPaths } from './plugins/gateway-paths.js';
import { registerGatewayTraffic } from './plugins/gateway-traffic.js';
import { registerJsonBodyParser } from './plugins/json-body.js';
import { registerOpenApi } from './plugins/openapi.js';
import {
  answerClientError,
  answerFrameworkError,
  registerRefusalLog,
} from './plugins/pre-routing-refusals.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { compiledSerializerCompiler } from './plugins/response-serializer.js';
import { registerUnstorableInputCheck } from './plugins/unstorable-input.js';

export type { GatewaySettings } from './config/settings.js';

export interface GatewayAppOptions {
  db: Db;
  settings: GatewaySettings;
  /** Told the first admin's password when the gateway generated it; nothing else ever sees it. */
  onGeneratedAdminPassword?: (username: string, password: string) => void;
  /** Told when ADMIN_PASSWORD was set but an admin already existed, so it was ignored. */
  onIgnoredAdminPassword?: (username: string) => void;
  authPolicy?: Partial<AdminAuthPolicy>;
  /** Timers for config refresh, last-used flushes, retention and probes; tests may turn them off. */
  backgroundTasks?: boolean;
  /** Overrides for the Athena connector's transport (tests shorten retries and breaker times). */
  athenaTransport?: AthenaTransportOverrides;
  /** The same for the FHIR connector. */
  fhirTransport?: FhirTransportOverrides;
  /** The PostgreSQL pool's connection counts, for Prometheus (absent on PGlite). */
  dbPoolStats?: () => PoolStats;
  /** The clock sessions, sign-in windows and API-key checks read (tests move it). */
  now?: () => Date;
  /** OpenTelemetry, when OTEL_EXPORTER_OTLP_ENDPOINT is set: request spans and Redis spans. */
  tracing?: Pick<Tracing, 'tracer' | 'fastifyPlugin'>;
}

/** The whole gateway as one plugin: storage comes in, every module is built and registered here. */
export const gatewayApp = fp<GatewayAppOptions>(
  async (app, options) => {
    const { db, settings } = options;
    const log = app.log;
    const cors = createCorsPolicy(settings.corsOrigins);

    // Modules in the order they depend on each other: each gets what it needs from earlier ones.
    const audit = createAuditModule({ db, settings, now: options.now });
    const config = await createGatewayConfigModule({ db, settings, log, audit });
    const adminAuth = await createAdminAuthModule({
      db,
      settings,
      policy: options.authPolicy,
      onGeneratedAdminPassword: options.onGeneratedAdminPassword,
      onIgnoredAdminPassword: options.onIgnoredAdminPassword,
      audit,
      now: options.now,
    });
    const sso = createSsoModule({
      db,
      signIn: settings.signIn ?? { authMode: 'local', oidc: null, localMfa: 'optional' },
      adminAuth,
      audit,
      now: options.now,
    });
    const apiKeys = createApiKeysModule({
      db,
      audit,
      now: options.now,
      defaultRateLimit: settings.defaultKeyRateLimit,
    });
    const webhooks = createWebhooksModule({
      db,
      settings,
      audit,
      now: options.now,
      deliverOnWrite: options.backgroundTasks !== false,
    });
    const tracer = options.tracing?.tracer;
    const trafficControl = createTrafficControlModule({ settings, log, now: options.now, tracer });
    const metrics = createMetricsModule({
      db,
      now: options.now,
      prometheus: {
        requestLog: () => requestLogs.health(),
        athena: () => ehr.athenaTelemetry(),
        dbPool: options.dbPoolStats,
        keyNames: settings.prometheusKeyNames ?? false,
      },
    });
    const requestLogs = await createRequestLogsModule({
      db,
      settings,
      log,
      audit,
      config,
      metrics,
    });
    const ehr = createEhrModule({
      db,
      settings,
      config,
      log,
      athenaTransport: options.athenaTransport,
      athenaGovernor: trafficControl.athenaGovernor,
      fhirGovernor: trafficControl.fhirGovernor,
      fhirTransport: options.fhirTransport,
      tracer,
      recordChange: webhooks.recordChange,
    });
    const voiceConfig = await createVoiceConfigModule({ db, ehr });
    const idempotency = createIdempotencyModule({ db });
    const smartScheduling = createSmartSchedulingModule({ settings, ehr, voiceConfig });
    const health = createHealthModule({ db, requestLogs, trafficControl });
    const ehrStatus = createEhrStatusModule({ settings, ehr });
    const monitoring = createMonitoringModule({
      db,
      errorRatePercent: settings.alertErrorRatePercent ?? DEFAULT_ALERT_ERROR_RATE_PERCENT,
      now: options.now,
      modules: { health, ehrStatus, requestLogs, metrics, apiKeys },
    });
    const modules: GatewayModule[] = [
      audit,
      config,
      adminAuth,
      sso,
      apiKeys,
      trafficControl,
      requestLogs,
      metrics,
      health,
      ehr,
      ehrStatus,
      monitoring,
      idempotency,
      webhooks,
      createAggregationModule({ ehr, idempotency }),
      createFhirModule({
        ehr,
        idempotency,
        version: settings.version,
        publicBaseUrl: settings.publicBaseUrl,
      }),
      smartScheduling,
      voiceConfig,
      createLlmToolsModule({ settings, ehr, voiceConfig, smartScheduling, idempotency }),
      createUtilityModule({ cors }),
      createSystemModule({ settings, trafficControl }),
    ];

    // Infrastructure, in the order a request meets it.
    // Gateway and admin bodies are JSON; anything else is refused with 415 rather than guessed at.
    app.removeContentTypeParser(['text/plain']);
    registerJsonBodyParser(app);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(compiledSerializerCompiler);
    registerErrorHandler(app);
    registerUnstorableInputCheck(app);
    app.addHook('onRequest', async (request, reply) => {
      void reply.header(HEADERS.requestId, request.id);
    });
    await app.register(cookie);
    registerSecurityHeaders(app);
    await registerOpenApi(app, {
      version: settings.version,
      apiRoot: () => config.current().apiRoot,
      publicBaseUrl: settings.publicBaseUrl,
    });

    const paths = createGatewayPaths(() => config.current().apiRoot);
    registerAccessLog(app, paths.isGatewayPath);
    registerRefusalLog(app, { requestLogs, requestedSourceOf: paths.requestedSourceOf });
    registerGatewayTraffic(app, {
      apiKeys,
      trafficControl,
      requestLogs,
      metrics,
      cors,
      requestedSourceOf: paths.requestedSourceOf,
      publicRouteOf: paths.publicRouteOf,
      vapiSecret: settings.vapiSecret,
      retellApiKey: settings.retellApiKey,
    });

    for (const module of modules) {
      await module.routes?.(app);
    }
    await app.register(
      async (admin) => {
        adminAuth.guardAdminScope(admin);
        for (const module of modules) {
          await module.adminRoutes?.(admin);
        }
      },
      { prefix: ADMIN_PREFIX },
    );
    await registerConsole(app, {
      consoleDir: settings.consoleDir,
      isApiPath: paths.isApiPath,
      rejectUnknownAdminPath: adminAuth.rejectUnknownAdminPath,
    });

    // The server's URL rewrite (see createGateway) reads the apiRoot in force through this.
    app.decorate('currentApiRoot', () => config.current().apiRoot);
    app.decorate('requestLogWriter', requestLogs);
    app.decorate('webhookDelivery', { deliverDue: webhooks.deliverDue });
    app.decorate('operatorCommands', { resetPassword: adminAuth.resetPasswordAsOperator });

    const stopTasks =
      options.backgroundTasks === false
        ? () => undefined
        : startBackgroundTasks(
            modules.flatMap((module) => module.tasks ?? []),
            (task, error) => log.warn({ err: error }, `${task.name} failed`),
          );
    app.addHook('onClose', async () => {
      stopTasks();
      for (const module of [...modules].reverse()) {
        await module.stop?.().catch((error: unknown) => {
          log.warn({ err: error }, 'a module did not stop cleanly');
        });
      }
    });
  },
  { name: 'ehr-gateway', fastify: '5.x' },
);

export interface CreateGatewayOptions extends GatewayAppOptions {
  logger?: FastifyServerOptions['logger'];
  bodyLimit?: number;
  /** Addresses or CIDRs of the reverse proxies whose X-Forwarded-* headers are believed. */
  trustProxy?: string[];
  /** How long a client may take to send a whole request (headers and body) before a 408. */
  requestTimeoutMs?: number;
  /** How often open connections are checked against that timeout. */
  timeoutCheckIntervalMs?: number;
}

/** The defaults docs/operations.md documents: time enough for any real client, none for a stall. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const MAX_HEADERS_TIMEOUT_MS = 10_000;

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** A Fastify server with the gateway registered: what server.ts listens with and tests inject into. */
export async function createGateway(options: CreateGatewayOptions): Promise<FastifyInstance> {
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const app = Fastify({
    // Called with the server as `this`, before routing: `{apiRoot}/…` reaches the EHR routes.
    rewriteUrl(request) {
      const apiRoot = this.hasDecorator('currentApiRoot')
        ? this.currentApiRoot()
        : DEFAULT_API_ROOT;
      return rewriteEhrUrl(request.url ?? '/', apiRoot);
    },
    logger: options.logger ?? false,
    // The access log plugin writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit ?? 1_048_576,
    trustProxy: options.trustProxy?.length ? options.trustProxy : false,
    // A client sending its headers or body a byte at a time is cut off (408). Node checks the
    // request timeout only while the headers timeout is no longer than it.
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(requestTimeoutMs, MAX_HEADERS_TIMEOUT_MS),
      connectionsCheckingInterval: options.timeoutCheckIntervalMs ?? 1_000,
    },
    requestIdHeader: false,
    genReqId: (request) => {
      const supplied = request.headers[HEADERS.requestId];
      return typeof supplied === 'string' && REQUEST_ID_PATTERN.test(supplied)
        ? supplied
        : randomUUID();
    },
    routerOptions: { maxParamLength: 500 },
    // Refusals made before any hook runs, answered in the gateway's shape and request-logged.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  if (options.tracing) {
    // First, so its request span is the parent of everything the request does.
    await app.register(options.tracing.fastifyPlugin);
  }
  await app.register(gatewayApp, options);
  await app.ready();
  return app;
}
