import './fastify-augment.js';

import { randomUUID } from 'node:crypto';

import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

import { DEFAULT_GATEWAY_CONFIG, type LogLevel } from '@ehr-gateway/contracts';
import { createPractice } from '@ehr-gateway/synthetic-practice';
import { Redis } from 'ioredis';

import { pingDatabase, type Db } from './db/database.js';
import { createCorsPolicy } from './lib/cors-policy.js';
import { unauthorized } from './lib/http-errors.js';
import { createAdminAuthRepository } from './modules/admin-auth/admin-auth-repository.js';
import {
  registerAdminAuthRoutes,
  registerAdminGuard,
  SESSION_COOKIE,
} from './modules/admin-auth/admin-auth-routes.js';
import {
  createAdminAuthService,
  DEFAULT_AUTH_POLICY,
  type AdminAuthPolicy,
} from './modules/admin-auth/admin-auth-service.js';
import { registerAggregationRoutes } from './modules/aggregation/aggregation-routes.js';
import { createAggregationService } from './modules/aggregation/aggregation-service.js';
import { createIdempotencyRepository } from './modules/idempotency/idempotency-repository.js';
import { createIdempotencyService } from './modules/idempotency/idempotency-service.js';
import { createApiKeysRepository } from './modules/api-keys/api-keys-repository.js';
import { registerApiKeysRoutes } from './modules/api-keys/api-keys-routes.js';
import { createApiKeysService } from './modules/api-keys/api-keys-service.js';
import { createAthenaConnector } from './modules/ehr/athena/athena-connector.js';
import { createAthenaHttp, type AthenaHttpOptions } from './modules/ehr/athena/athena-http.js';
import { createCircuitBreaker } from './modules/ehr/athena/circuit-breaker.js';
import { registerEhrRoutes, rewriteEhrUrl } from './modules/ehr/ehr-routes.js';
import { createEhrService } from './modules/ehr/ehr-service.js';
import { createMockEhr } from './modules/ehr/mock/mock-ehr.js';
import { createMockEhrRepository } from './modules/ehr/mock/mock-ehr-repository.js';
import { createMemoryCache, createRedisCache } from './modules/ehr/response-cache.js';
import { registerEhrStatusRoutes } from './modules/ehr-status/ehr-status-routes.js';
import {
  createEhrStatusService,
  isAthenaConfigured,
  type AthenaSettings,
} from './modules/ehr-status/ehr-status-service.js';
import { createGatewayConfigRepository } from './modules/gateway-config/gateway-config-repository.js';
import { registerGatewayConfigRoutes } from './modules/gateway-config/gateway-config-routes.js';
import {
  CONFIG_REFRESH_MS,
  createGatewayConfigService,
} from './modules/gateway-config/gateway-config-service.js';
import { registerHealthRoutes } from './modules/health/health-routes.js';
import { createHealthService } from './modules/health/health-service.js';
import {
  createRequestLogWriter,
  type RequestLogWriter,
} from './modules/request-logs/request-log-writer.js';
import { createRequestLogsRepository } from './modules/request-logs/request-logs-repository.js';
import { registerRequestLogsRoutes } from './modules/request-logs/request-logs-routes.js';
import { createRequestLogsService } from './modules/request-logs/request-logs-service.js';
import { registerSystemRoutes } from './modules/system/system-routes.js';
import { createSystemService } from './modules/system/system-service.js';
import { registerUtilityRoutes } from './modules/utility/utility-routes.js';
import { createUtilityService } from './modules/utility/utility-service.js';
import { createVoiceConfigRepository } from './modules/voice-config/voice-config-repository.js';
import { registerLlmToolsRoutes } from './modules/llm-tools/llm-tools-routes.js';
import {
  analyzeWithFallback,
  createLlmAnalyzer,
} from './modules/smart-scheduling/analyzer/index.js';
import { registerSmartSchedulingRoutes } from './modules/smart-scheduling/smart-scheduling-routes.js';
import { createSmartSchedulingService } from './modules/smart-scheduling/smart-scheduling-service.js';
import { createLlmToolsService } from './modules/llm-tools/llm-tools-service.js';
import { registerVoiceConfigRoutes } from './modules/voice-config/voice-config-routes.js';
import { createVoiceConfigService } from './modules/voice-config/voice-config-service.js';
import { registerConsole } from './plugins/console.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerGatewayTraffic } from './plugins/gateway-traffic.js';
import { registerOpenApi } from './plugins/openapi.js';

export interface GatewaySettings {
  environment: string;
  version: string;
  adminUsername: string;
  adminPassword: string | undefined;
  athena: AthenaSettings;
  corsOrigins: string[];
  consoleDir: string | null;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  requestLogRetentionDays: number;
  requestLogMaxBodyBytes: number;
  /** The log level until an administrator saves one in the gateway config. */
  initialLogLevel: LogLevel;
  /** Shared response cache; without it each instance caches in memory. */
  redisUrl?: string;
  athenaTimeoutMs?: number;
  ehrCacheTtlSeconds?: number;
  /** Vapi's shared secret for the voice-agent tool route; unset accepts API keys only. */
  vapiSecret?: string;
  /** An OpenAI-compatible model for smart scheduling; the built-in analyser answers without it. */
  llm?: { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number };
}

export interface GatewayAppOptions {
  db: Db;
  settings: GatewaySettings;
  /** Told the first admin's password when the gateway generated it; nothing else ever sees it. */
  onGeneratedAdminPassword?: (username: string, password: string) => void;
  authPolicy?: Partial<AdminAuthPolicy>;
  /** Timers for config refresh, last-used flushes and retention; tests may turn them off. */
  backgroundTasks?: boolean;
  /** Overrides for the Athena connector's transport (tests shorten retries and breaker times). */
  athenaTransport?: Partial<
    Omit<AthenaHttpOptions, 'baseUrl' | 'clientId' | 'clientSecret' | 'breaker'>
  > & {
    breakerFailureThreshold?: number;
    breakerOpenMs?: number;
  };
  /** Where the server's URL rewriting learns the apiRoot in force (see createGateway). */
  apiRootSource?: ApiRootSource;
}

/** Lets the server-level URL rewrite read the apiRoot that the config service holds. */
export interface ApiRootSource {
  current: () => string;
}

/** Top-level paths served by gateway routes (besides the configured apiRoot). */
export const GATEWAY_PREFIXES = ['/aggregate', '/voice-config', '/llm', '/utility'] as const;
const NON_CONSOLE_PREFIXES = ['/admin', '/healthz', '/readyz', '/openapi.json', '/assets'] as const;

const LAST_USED_FLUSH_MS = 5_000;
const ATHENA_PROBE_MS = 60_000;
const HOUSEKEEPING_MS = 60 * 60_000;
const FIRST_HOUSEKEEPING_DELAY_MS = 30_000;

const underPrefix = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}/`);

/** The whole gateway as one plugin: storage comes in, everything else is built here. */
export const gatewayApp = fp<GatewayAppOptions>(
  async (app, options) => {
    const { db, settings } = options;
    // Gateway and admin bodies are JSON; anything else is refused with 415 rather than guessed at.
    app.removeContentTypeParser(['text/plain']);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);

    const configService = createGatewayConfigService({
      repository: createGatewayConfigRepository(db),
      defaults: {
        apiRoot: '/api',
        practiceId: '12345',
        logLevel: settings.initialLogLevel,
        caching: false,
      },
    });
    configService.onChange((config) => {
      app.log.level = config.logLevel;
    });
    await configService.refresh();
    app.log.level = configService.current().logLevel;

    const adminAuth = createAdminAuthService({
      repository: createAdminAuthRepository(db),
      policy: {
        ...DEFAULT_AUTH_POLICY,
        idleTimeoutMs: settings.sessionIdleMinutes * 60_000,
        absoluteTimeoutMs: settings.sessionMaxHours * 3_600_000,
        ...options.authPolicy,
      },
    });
    const initialAdmin = await adminAuth.ensureInitialAdmin(
      settings.adminUsername,
      settings.adminPassword,
    );
    if (initialAdmin.generatedPassword) {
      options.onGeneratedAdminPassword?.(settings.adminUsername, initialAdmin.generatedPassword);
    }

    if (options.apiRootSource) {
      options.apiRootSource.current = () => configService.current().apiRoot;
    }

    const apiKeys = createApiKeysService({ repository: createApiKeysRepository(db) });
    const ehrStatus = createEhrStatusService({ athena: settings.athena });
    const athenaHttp = isAthenaConfigured(settings.athena)
      ? createAthenaHttp({
          baseUrl: settings.athena.baseUrl!,
          clientId: settings.athena.clientId!,
          clientSecret: settings.athena.clientSecret!,
          timeoutMs: settings.athenaTimeoutMs,
          ...options.athenaTransport,
          breaker: createCircuitBreaker({
            failureThreshold: options.athenaTransport?.breakerFailureThreshold ?? 5,
            openMs: options.athenaTransport?.breakerOpenMs ?? 30_000,
          }),
          onOutcome: (outcome) => ehrStatus.recordAthenaOutcome(outcome),
        })
      : null;
    const responseCache = settings.redisUrl
      ? createRedisCache(
          new Redis(settings.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }),
        )
      : createMemoryCache();
    const ehr = createEhrService({
      mock: createMockEhr({
        practice: createPractice(),
        repository: createMockEhrRepository(db),
        practiceId: () => configService.current().practiceId,
      }),
      athena: athenaHttp ? createAthenaConnector(athenaHttp) : null,
      cache: responseCache,
      cacheTtlMs: (settings.ehrCacheTtlSeconds ?? 60) * 1000,
      cachingEnabled: () => configService.current().caching,
      onCacheError: (error) => app.log.warn({ err: error }, 'EHR response cache unavailable'),
    });
    const requestLogsRepository = createRequestLogsRepository(db);
    const writer = createRequestLogWriter({
      insertMany: (entries) => requestLogsRepository.insertMany(entries),
      onError: (error) => app.log.error({ err: error }, 'request log write failed; will retry'),
    });
    const requestLogs = createRequestLogsService({
      repository: requestLogsRepository,
      retentionDays: settings.requestLogRetentionDays,
    });
    const cors = createCorsPolicy(settings.corsOrigins);
    const health = createHealthService({
      pingDatabase: () => pingDatabase(db),
      requestLogHealth: () => writer.health(),
    });

    const isGatewayPath = (path: string) =>
      underPrefix(path, configService.current().apiRoot) ||
      GATEWAY_PREFIXES.some((prefix) => underPrefix(path, prefix));

    app.addHook('onRequest', async (request, reply) => {
      void reply.header('x-request-id', request.id);
    });

    await app.register(cookie);
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix and sonner position elements with inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // The console calls only its own origin; cross-origin isolation would break nothing but
      // gains nothing either, and CORS clients of the gateway routes must still read answers.
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    await registerOpenApi(app, settings.version, () => configService.current().apiRoot);

    registerGatewayTraffic(app, {
      apiKeys,
      writer,
      cors,
      isGatewayPath,
      maxLoggedBodyBytes: settings.requestLogMaxBodyBytes,
      vapiSecret: settings.vapiSecret,
    });

    registerHealthRoutes(app, health);
    registerEhrRoutes(app, ehr);
    const idempotency = createIdempotencyService({ repository: createIdempotencyRepository(db) });
    registerAggregationRoutes(
      app,
      createAggregationService({
        ehr,
        idempotency,
        practiceIdFor: (source) =>
          source === 'athena'
            ? (settings.athena.practiceId ?? configService.current().practiceId)
            : configService.current().practiceId,
      }),
    );
    const voiceConfig = createVoiceConfigService({
      repository: createVoiceConfigRepository(db),
      ehr,
      practiceIdFor: (source, tenantPracticeId) =>
        tenantPracticeId ??
        (source === 'athena'
          ? (settings.athena.practiceId ?? configService.current().practiceId)
          : configService.current().practiceId),
    });
    await voiceConfig.ensureSeeded();
    registerVoiceConfigRoutes(app, voiceConfig);
    await registerLlmToolsRoutes(app, createLlmToolsService({ voiceConfig }));
    const llm = settings.llm
      ? createLlmAnalyzer({
          baseURL: settings.llm.baseUrl,
          // Local OpenAI-compatible servers often need no key; the client insists on one.
          apiKey: settings.llm.apiKey ?? 'not-set',
          model: settings.llm.model,
          timeoutMs: settings.llm.timeoutMs,
        })
      : null;
    registerSmartSchedulingRoutes(
      app,
      createSmartSchedulingService({
        analyze: (messages, analyzeOptions) => analyzeWithFallback(messages, analyzeOptions, llm),
        ehr,
        voiceConfig,
        practiceIdFor: (source) =>
          source === 'athena'
            ? (settings.athena.practiceId ?? configService.current().practiceId)
            : configService.current().practiceId,
      }),
    );
    registerUtilityRoutes(app, createUtilityService({ cors }));

    await app.register(
      async (admin) => {
        registerAdminGuard(admin, adminAuth);
        registerAdminAuthRoutes(admin, adminAuth);
        registerApiKeysRoutes(admin, apiKeys);
        registerGatewayConfigRoutes(admin, configService);
        registerRequestLogsRoutes(admin, requestLogs);
        registerEhrStatusRoutes(admin, ehrStatus);
        registerSystemRoutes(
          admin,
          createSystemService({
            environment: settings.environment,
            version: settings.version,
            athena: settings.athena,
          }),
        );
      },
      { prefix: '/admin' },
    );

    await registerConsole(app, {
      consoleDir: settings.consoleDir,
      isApiPath: (path) =>
        isGatewayPath(path) || NON_CONSOLE_PREFIXES.some((prefix) => underPrefix(path, prefix)),
      rejectUnknownAdminPath: async (request) => {
        if (!(await adminAuth.authenticate(request.cookies[SESSION_COOKIE]))) {
          throw unauthorized('Sign in to use the admin API', 'SESSION_REQUIRED');
        }
      },
    });

    const timers: NodeJS.Timeout[] = [];
    const every = (ms: number, task: () => Promise<unknown>, what: string) => {
      const timer = setInterval(() => {
        task().catch((error: unknown) => app.log.warn({ err: error }, `${what} failed`));
      }, ms);
      timer.unref();
      timers.push(timer);
    };
    if (options.backgroundTasks !== false) {
      every(CONFIG_REFRESH_MS, () => configService.refresh(), 'config refresh');
      every(LAST_USED_FLUSH_MS, () => apiKeys.flushLastUsed(), 'API key last-used flush');
      const housekeeping = async () => {
        await requestLogs.purgeExpired();
        await adminAuth.purgeExpired();
        await idempotency.purgeExpired();
      };
      every(HOUSEKEEPING_MS, housekeeping, 'housekeeping');
      if (athenaHttp && settings.athena.practiceId) {
        const practiceId = settings.athena.practiceId;
        const probe = async () => {
          if (ehrStatus.probeDue(ATHENA_PROBE_MS)) {
            await athenaHttp
              .request(
                { method: 'GET', path: '/departments', practiceId, query: { limit: 1 } },
                { requestId: `probe-${Date.now()}` },
              )
              .catch(() => undefined);
          }
        };
        every(ATHENA_PROBE_MS / 4, probe, 'Athena probe');
        void probe();
      }
      const first = setTimeout(() => {
        housekeeping().catch((error: unknown) =>
          app.log.warn({ err: error }, 'housekeeping failed'),
        );
      }, FIRST_HOUSEKEEPING_DELAY_MS);
      first.unref();
      timers.push(first);
    }

    app.decorate('requestLogWriter', writer);

    app.addHook('onClose', async () => {
      for (const timer of timers) {
        clearInterval(timer);
      }
      await writer.stop();
      await responseCache.close().catch(() => undefined);
      await apiKeys.flushLastUsed().catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not save API key last-used times on stop');
      });
    });
  },
  { name: 'ehr-gateway', fastify: '5.x' },
);

export interface CreateGatewayOptions extends GatewayAppOptions {
  logger?: FastifyServerOptions['logger'];
  bodyLimit?: number;
  trustProxy?: boolean;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** A Fastify server with the gateway registered: what server.ts listens with and tests inject into. */
export async function createGateway(options: CreateGatewayOptions): Promise<FastifyInstance> {
  const apiRootSource: ApiRootSource = { current: () => DEFAULT_GATEWAY_CONFIG.apiRoot };
  const app = Fastify({
    rewriteUrl: (request) => rewriteEhrUrl(request.url ?? '/', apiRootSource.current()),
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 1_048_576,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: false,
    genReqId: (request) => {
      const supplied = request.headers['x-request-id'];
      return typeof supplied === 'string' && REQUEST_ID_PATTERN.test(supplied)
        ? supplied
        : randomUUID();
    },
    routerOptions: { maxParamLength: 500 },
  });
  await app.register(gatewayApp, { ...options, apiRootSource });
  await app.ready();
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    requestLogWriter: RequestLogWriter;
  }
}
