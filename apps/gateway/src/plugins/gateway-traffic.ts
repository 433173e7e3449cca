import type { FastifyInstance, FastifyRequest } from 'fastify';

import { HEADERS, hasScope, type LogSource } from '@ehr-gateway/contracts';

import type { CorsPolicy } from '../lib/cors-policy.js';
import { forbidden, unauthorized } from '../lib/http-errors.js';
import { preciseIsoTime } from '../lib/precise-time.js';
import { secretMatches } from '../lib/secrets.js';
import type { ApiKeysModule } from '../modules/api-keys/index.js';
import type { MetricsModule } from '../modules/metrics/index.js';
import type { RequestLogsModule } from '../modules/request-logs/index.js';
import type { TrafficControlModule } from '../modules/traffic-control/index.js';
import { wasRefusedInFlight } from './pre-routing-refusals.js';

interface GatewayTrafficOptions {
  apiKeys: Pick<ApiKeysModule, 'authenticate'>;
  trafficControl: Pick<TrafficControlModule, 'admitKey'>;
  requestLogs: Pick<RequestLogsModule, 'record'>;
  metrics: Pick<MetricsModule, 'observeRequest'>;
  cors: CorsPolicy;
  /**
   * The source a request to a gateway path asked for, read from its path (and query), or undefined
   * off the gateway's paths. Used where no route declares one: a 404 is logged under the source
   * the client meant.
   */
  requestedSourceOf: (path: string, request: FastifyRequest) => LogSource | undefined;
  /** The matched route's template as clients see it (`/api/{practiceId}/patients`), or null. */
  publicRouteOf: (request: FastifyRequest) => string | null;
  /** Vapi's shared secret, accepted by routes marked acceptsVapiSecret; unset disables it. */
  vapiSecret?: string;
  /** Retell's API key, which signs its requests; unset refuses Retell signatures. */
  retellApiKey?: string;
}

export const VAPI_CALLER = 'Vapi shared secret';
export const RETELL_CALLER = 'Retell signature';

/** The caller a platform's own credential stands for: the tools scope, no key limits. */
const platformCaller = (name: string) => ({
  id: null,
  name,
  practiceIds: null,
  scopes: ['tools' as const],
  rateLimit: null,
  quota: null,
});

const BEARER = /^Bearer\s+(\S+)$/i;

/** The path the client asked for, before any internal rewrite (see rewriteEhrUrl). */
const pathOf = (request: FastifyRequest) => request.originalUrl.split('?', 1)[0] ?? '/';

/**
 * What every gateway request goes through: CORS, API-key authentication, the route's scope, the
 * key's rate limit and quota, the Server-Timing header and the request log (each entry recorded
 * as the answer is sent). Admin, health and
 * console routes are untouched.
 */
export function registerGatewayTraffic(app: FastifyInstance, options: GatewayTrafficOptions) {
  const { apiKeys, trafficControl, requestLogs, cors, requestedSourceOf, publicRouteOf } = options;
  const { vapiSecret, retellApiKey, metrics } = options;

  // A gateway route without a scope would be open to every key: refuse to start instead.
  app.addHook('onRoute', (route) => {
    if (route.config?.source !== undefined && route.config.scope === undefined) {
      throw new Error(`Gateway route ${route.method} ${route.url} declares no scope`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const declared = request.routeOptions.config.source;
    const source =
      typeof declared === 'function'
        ? declared(request)
        : (declared ?? requestedSourceOf(pathOf(request), request));
    if (source === undefined) {
      return;
    }
    const origin = request.headers.origin;
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply.code(204).headers(cors.preflightHeaders(origin)).send();
    }
    void reply.headers(cors.responseHeaders(origin));
    request.gatewaySource = source;
    const presentedVapiSecret = request.headers[HEADERS.vapiSecret];
    if (
      request.routeOptions.config.acceptsVapiSecret &&
      vapiSecret &&
      presentedVapiSecret !== undefined &&
      request.headers[HEADERS.apiKey] === undefined
    ) {
      if (!secretMatches(presentedVapiSecret, vapiSecret)) {
        throw unauthorized('Invalid X-Vapi-Secret', 'VAPI_SECRET_INVALID');
      }
      request.apiKey = platformCaller(VAPI_CALLER);
      return;
    }
    const presentedSignature = request.headers[HEADERS.retellSignature];
    if (
      request.routeOptions.config.acceptsRetellSignature &&
      typeof presentedSignature === 'string'
    ) {
      // A signature that is presented is checked (by the route) even beside an API key: a
      // credential that fails is a failure, never ignored.
      request.retellSignature = presentedSignature;
    }
    if (request.retellSignature !== undefined && request.headers[HEADERS.apiKey] === undefined) {
      if (!retellApiKey) {
        throw unauthorized(
          'Retell signatures are not accepted: RETELL_API_KEY is not set on this gateway',
          'RETELL_NOT_CONFIGURED',
        );
      }
      request.apiKey = platformCaller(RETELL_CALLER);
      return;
    }
    const bearer = request.routeOptions.config.acceptsBearerKey
      ? BEARER.exec(request.headers.authorization ?? '')?.[1]
      : undefined;
    const apiKey = await apiKeys.authenticate(request.headers[HEADERS.apiKey] ?? bearer);
    request.apiKey = apiKey;
    const scope = request.routeOptions.config.scope;
    if (scope !== undefined && !hasScope(apiKey.scopes, scope)) {
      throw forbidden(`This API key lacks the scope ${scope}`, 'SCOPE_REQUIRED');
    }
    if (apiKey.id !== null) {
      void reply.headers(
        await trafficControl.admitKey({
          id: apiKey.id,
          rateLimit: apiKey.rateLimit,
          quota: apiKey.quota,
        }),
      );
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.gatewaySource || wasRefusedInFlight(request.raw)) {
      return payload;
    }
    const total = reply.elapsedTime;
    const upstream = request.upstreamMs ?? 0;
    const timing = [`gateway;dur=${(total - upstream).toFixed(2)}`];
    if (request.upstreamMs !== undefined) {
      timing.push(`upstream;dur=${upstream.toFixed(2)}`);
    }
    void reply.header(HEADERS.serverTiming, timing.join(', '));
    // Recorded (on disk, with a journal) before the answer goes out: a process killed once the
    // client has its answer has already kept the entry.
    requestLogs.record({
      requestId: request.id,
      timestamp: preciseIsoTime(performance.timeOrigin + performance.now() - total),
      method: request.method,
      url: request.originalUrl,
      status: reply.statusCode,
      responseTimeMs: total,
      route: publicRouteOf(request),
      upstreamMs: request.upstreamMs ?? null,
      traceId: request.traceId ?? null,
      source: request.gatewaySource,
      apiKey: request.apiKey ?? null,
      query: request.query,
      body: request.body,
      headers: request.headers,
      responsePayload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null,
      responseContentType: reply.getHeader('content-type')?.toString(),
      failure: request.failure,
    });
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!request.gatewaySource) {
      return;
    }
    const cache = reply.getHeader(HEADERS.cache);
    metrics.observeRequest({
      source: request.gatewaySource,
      route: publicRouteOf(request),
      method: request.method,
      status: reply.statusCode,
      totalMs: reply.elapsedTime,
      upstreamMs: request.upstreamMs ?? null,
      cache: cache === 'HIT' || cache === 'MISS' ? cache : undefined,
      apiKey: request.apiKey ?? null,
    });
  });
}
