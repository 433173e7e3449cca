import swagger from '@fastify/swagger';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { webhooksSection } from './openapi-webhooks.js';
import {
  ErrorResponse,
  HEADERS,
  INTERNAL_EHR_PREFIX,
  SECURITY_SCHEMES,
  SERVICE_PATHS,
  SESSION_COOKIE,
} from '@ehr-gateway/contracts';

type SecurityRequirement = Record<string, string[]>;

/**
 * What a route accepts as credentials, read from the same config the guards enforce, so the
 * document cannot claim other than what the gateway checks. A route with neither a permission nor
 * a scope (the health probes) takes none.
 */
export function securityOf(config: FastifyContextConfig | undefined): SecurityRequirement[] {
  if (config?.permission && config.permission !== 'public') {
    return [
      { [SECURITY_SCHEMES.adminSession]: [] },
      ...(config.acceptsMetricsToken ? [{ [SECURITY_SCHEMES.metricsToken]: [] }] : []),
    ];
  }
  if (config?.scope) {
    return [
      { [SECURITY_SCHEMES.apiKey]: [] },
      ...(config.acceptsVapiSecret ? [{ [SECURITY_SCHEMES.vapiSecret]: [] }] : []),
    ];
  }
  return [];
}

/**
 * What each status means on this gateway, said in the document where a route does not describe
 * its own answer (the error codes behind each are in docs/operations.md).
 */
const ANSWER_MEANINGS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'Done; no body',
  400: 'Invalid input: the message and details name the field',
  401: 'No credentials, or ones the gateway does not accept',
  403: "The key's scopes or the user's role do not allow this",
  404: 'Not found',
  408: 'The request was not received in time',
  409: 'Conflicts with the current state (taken slot, duplicate name, Idempotency-Key reused)',
  413: 'Body too large',
  415: 'Unsupported content type',
  422: 'Well-formed but not acceptable to the EHR',
  423: 'Locked after too many failed sign-ins',
  429: 'Rate limit or daily quota reached; Retry-After says when to try again',
  500: 'Unexpected gateway error',
  502: 'The EHR answered with an error',
  503: 'Not available now: athena not configured, busy, its breaker open, or storage away',
  504: 'The EHR did not answer in time',
};

const { $schema: _dialect, ...ERROR_BODY } = z.toJSONSchema(ErrorResponse);

/**
 * The answers the guards give before a handler runs, so every route that has them declares them:
 * a key's route can be refused for the key (401), its scopes (403) or its limits (429); a
 * session's for the session (401) or the role (403).
 */
function guardAnswers(config: FastifyContextConfig | undefined): string[] {
  if (config?.scope) {
    return ['401', '403', '429'];
  }
  if (config?.permission && config.permission !== 'public') {
    return ['401', '403'];
  }
  return [];
}

/**
 * Each declared answer with a description (its own, else what the status means here), plus the
 * guards' answers the route does not declare itself.
 */
function describeAnswers(response: unknown, config: FastifyContextConfig | undefined): unknown {
  if (!response || typeof response !== 'object') {
    return response;
  }
  const declared = { ...response } as Record<string, unknown>;
  for (const status of guardAnswers(config)) {
    declared[status] ??= ERROR_BODY;
  }
  return Object.fromEntries(
    Object.entries(declared).map(([status, schema]) => [
      status,
      schema && typeof schema === 'object' && !('description' in schema) && ANSWER_MEANINGS[status]
        ? { ...schema, description: ANSWER_MEANINGS[status] }
        : schema,
    ]),
  );
}

export interface OpenApiOptions {
  version: string;
  apiRoot: () => string;
  /** PUBLIC_BASE_URL: named in `servers`; else the origin each request came to. */
  publicBaseUrl?: string;
}

/** The OpenAPI 3.1 document is generated from the route schemas, so it cannot drift from the code. */
export async function registerOpenApi(
  app: FastifyInstance,
  { version, apiRoot, publicBaseUrl }: OpenApiOptions,
) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'EHR API Gateway',
        version,
        description: `Gateway routes need an API key in the ${HEADERS.apiKey} header. Admin routes need a session cookie from POST /admin/session.`,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      components: {
        securitySchemes: {
          [SECURITY_SCHEMES.apiKey]: { type: 'apiKey', in: 'header', name: HEADERS.apiKey },
          [SECURITY_SCHEMES.adminSession]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          [SECURITY_SCHEMES.vapiSecret]: {
            type: 'apiKey',
            in: 'header',
            name: HEADERS.vapiSecret,
          },
          [SECURITY_SCHEMES.metricsToken]: {
            type: 'http',
            scheme: 'bearer',
            description: 'METRICS_TOKEN',
          },
        },
      },
    },
    // Admin operations carry the permission they need, gateway operations the API-key scope, as
    // declared next to the route; both say which credentials they take.
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const permission = input.route.config?.permission;
      const scope = input.route.config?.scope;
      return {
        ...output,
        schema: {
          ...output.schema,
          response: describeAnswers(output.schema.response, input.route.config),
          security: securityOf(input.route.config),
          ...(permission && permission !== 'public' ? { 'x-permission': permission } : {}),
          ...(scope ? { 'x-scope': scope } : {}),
        },
      };
    },
  });

  const webhooks = webhooksSection();
  // EHR routes live under an internal prefix that the server maps the configured apiRoot onto;
  // clients must see the apiRoot.
  app.get(SERVICE_PATHS.openApi, { schema: { hide: true } }, async (request) => {
    const document = app.swagger() as { paths?: Record<string, unknown> };
    const paths = Object.fromEntries(
      Object.entries(document.paths ?? {}).map(([path, item]) => [
        path.startsWith(`${INTERNAL_EHR_PREFIX}/`)
          ? `${apiRoot()}${path.slice(INTERNAL_EHR_PREFIX.length)}`
          : path,
        item,
      ]),
    );
    const server = publicBaseUrl ?? `${request.protocol}://${request.host}`;
    return { ...document, servers: [{ url: server }], paths, webhooks };
  });
}
