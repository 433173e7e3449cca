import './fastify-augment.js';

import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';

import { ADMIN_PREFIX, DEFAULT_ALERT_ERROR_RATE_PERCENT, HEADERS } from '@ehr-gateway/contracts';

import type { GatewayAppOptions } from './config/gateway-options.js';
import { isFhirConfigured, type GatewaySettings } from './config/settings.js';
import { createCorsPolicy, type CorsPolicy } from './lib/cors-policy.js';
import type { GatewayModule } from './lib/gateway-module.js';
import { runModuleLifecycle } from './lib/scheduler.js';
import { createAdminAuthModule } from './modules/admin-auth/index.js';
import { createAggregationModule } from './modules/aggregation/index.js';
import { createAuditModule } from './modules/audit/index.js';
import { createApiKeysModule } from './modules/api-keys/index.js';
import { createEhrModule } from './modules/ehr/index.js';
import { createEhrStatusModule } from './modules/ehr-status/index.js';
import { createFhirModule } from './modules/fhir/index.js';
import { createGatewayConfigModule } from './modules/gateway-config/index.js';
import { createHealthModule } from './modules/health/index.js';
import { createIdempotencyModule } from './modules/idempotency/index.js';
import { createLlmToolsModule } from './modules/llm-tools/index.js';
import { createMetricsModule } from './modules/metrics/index.js';
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
import { registerRefusalLog } from './plugins/pre-routing-refusals.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { compiledSerializerCompiler } from './plugins/response-serializer.js';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  fastifyOptionsFor,
  type ServerOptions,
} from './plugins/server-options.js';
import { registerUnstorableInputCheck } from './plugins/unstorable-input.js';

export type { GatewaySettings } from './config/settings.js';

export type { GatewayAppOptions };

type Log = FastifyInstance['log'];

/**
 * The modules everything else stands on, in the order they depend on each other: each gets what
 * it needs from earlier ones (metrics reads the request log and athena lazily, at scrape time).
 */
async function createPlatformModules(options: GatewayAppOptions, log: Log) {
  const { db, settings, now } = options;
  const tracer = options.tracing?.tracer;
  const audit = createAuditModule({ db, settings, now });
  const config = await createGatewayConfigModule({ db, settings, log, audit });
  const adminAuth = await createAdminAuthModule({
    db,
    settings,
    policy: options.authPolicy,
    onGeneratedAdminPassword: options.onGeneratedAdminPassword,
    onIgnoredAdminPassword: options.onIgnoredAdminPassword,
    audit,
    now,
  });
  const sso = createSsoModule({
    db,
    signIn: settings.signIn ?? { authMode: 'local', oidc: null, localMfa: 'optional' },
    adminAuth,
    audit,
    now,
  });
  const apiKeys = createApiKeysModule({
    db,
    audit,
    now,
    defaultRateLimit: settings.defaultKeyRateLimit,
  });
  const webhooks = createWebhooksModule({
    db,
    settings,
    audit,
    now,
    deliverOnWrite: options.backgroundTasks !== false,
    // Metrics is built next; its observer is read only once an event happens.
    observer: {
      event: (type) => metrics.webhookObserver.event(type),
      attempt: (...args) => metrics.webhookObserver.attempt(...args),
    },
  });
  const trafficControl = createTrafficControlModule({ settings, log, now, tracer });
  const metrics = createMetricsModule({
    db,
    now,
    prometheus: {
      requestLog: () => requestLogs.health(),
      athena: () => ehr.athenaTelemetry(),
      dbPool: options.dbPoolStats,
      webhookBacklog: () => webhooks.backlog(),
      keyNames: settings.prometheusKeyNames ?? false,
    },
  });
  const requestLogs = await createRequestLogsModule({ db, settings, log, audit, config, metrics });
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
    outbox: webhooks.outbox,
    recordObservedChanges: webhooks.recordObservedChanges,
    now,
  });
  return {
    audit,
    config,
    adminAuth,
    sso,
    apiKeys,
    webhooks,
    trafficControl,
    metrics,
    requestLogs,
    ehr,
  };
}

type PlatformModules = Awaited<ReturnType<typeof createPlatformModules>>;

/** Every module, in the order their routes, tasks and stops run (stops in reverse). */
async function createModules(options: GatewayAppOptions, platform: PlatformModules) {
  const { db, settings, now } = options;
  const { audit, config, adminAuth, sso, apiKeys, trafficControl, metrics, requestLogs, ehr } =
    platform;
  const cors = createCorsPolicy(settings.corsOrigins);
  const voiceConfig = await createVoiceConfigModule({
    db,
    ehr,
    fhirConfigured: isFhirConfigured(settings.fhir),
  });
  const idempotency = createIdempotencyModule({ db });
  const smartScheduling = createSmartSchedulingModule({ settings, ehr, voiceConfig });
  const health = createHealthModule({ db, requestLogs, trafficControl });
  const ehrStatus = createEhrStatusModule({ settings, ehr });
  const monitoring = createMonitoringModule({
    db,
    errorRatePercent: settings.alertErrorRatePercent ?? DEFAULT_ALERT_ERROR_RATE_PERCENT,
    now,
    modules: {
      health,
      ehrStatus,
      requestLogs,
      metrics,
      apiKeys,
      audit,
      webhooks: platform.webhooks,
    },
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
    platform.webhooks,
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
  return { modules, cors };
}

/** Infrastructure, in the order a request meets it. */
async function registerInfrastructure(
  app: FastifyInstance,
  settings: GatewaySettings,
  platform: PlatformModules,
  cors: CorsPolicy,
) {
  const { config, apiKeys, trafficControl, requestLogs, metrics } = platform;
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
  return paths;
}

/** Public routes, then the admin API behind its guard, then the console for everything else. */
async function registerRoutes(
  app: FastifyInstance,
  modules: GatewayModule[],
  adminAuth: PlatformModules['adminAuth'],
  site: { consoleDir: GatewaySettings['consoleDir']; isApiPath: (url: string) => boolean },
) {
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
    ...site,
    rejectUnknownAdminPath: adminAuth.rejectUnknownAdminPath,
  });
}

/** The whole gateway as one plugin: storage comes in, every module is built and registered here. */
export const gatewayApp = fp<GatewayAppOptions>(
  async (app, options) => {
    const platform = await createPlatformModules(options, app.log);
    const { modules, cors } = await createModules(options, platform);
    const { config, adminAuth, requestLogs } = platform;
    const paths = await registerInfrastructure(app, options.settings, platform, cors);
    await registerRoutes(app, modules, adminAuth, {
      consoleDir: options.settings.consoleDir,
      isApiPath: paths.isApiPath,
    });

    // The server's URL rewrite (see createGateway) reads the apiRoot in force through this.
    app.decorate('currentApiRoot', () => config.current().apiRoot);
    app.decorate('requestLogWriter', requestLogs);
    app.decorate('webhookDelivery', {
      deliverDue: platform.webhooks.deliverDue,
      pollAthenaChanges: platform.ehr.pollAthenaChanges,
      pollFhirChanges: platform.ehr.pollFhirChanges,
      recoverEhrWrites: platform.ehr.recoverWrites,
    });
    app.decorate('operatorCommands', { resetPassword: adminAuth.resetPasswordAsOperator });
    runModuleLifecycle(app, modules, options.backgroundTasks !== false);
  },
  { name: 'ehr-gateway', fastify: '5.x' },
);

export interface CreateGatewayOptions extends GatewayAppOptions, ServerOptions {}

export { DEFAULT_REQUEST_TIMEOUT_MS };

/** A Fastify server with the gateway registered: what server.ts listens with and tests inject into. */
export async function createGateway(options: CreateGatewayOptions): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptionsFor(options));
  if (options.tracing) {
    // First, so its request span is the parent of everything the request does.
    await app.register(options.tracing.fastifyPlugin);
  }
  await app.register(gatewayApp, options);
  await app.ready();
  return app;
}
