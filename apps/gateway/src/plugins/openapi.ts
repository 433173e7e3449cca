import swagger from '@fastify/swagger';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

import {
  HEADERS,
  INTERNAL_EHR_PREFIX,
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
    return [{ adminSession: [] }, ...(config.acceptsMetricsToken ? [{ metricsToken: [] }] : [])];
  }
  if (config?.scope) {
    return [{ apiKey: [] }, ...(config.acceptsVapiSecret ? [{ vapiSecret: [] }] : [])];
  }
  return [];
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
          apiKey: { type: 'apiKey', in: 'header', name: HEADERS.apiKey },
          adminSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          vapiSecret: { type: 'apiKey', in: 'header', name: HEADERS.vapiSecret },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
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
          security: securityOf(input.route.config),
          ...(permission && permission !== 'public' ? { 'x-permission': permission } : {}),
          ...(scope ? { 'x-scope': scope } : {}),
        },
      };
    },
  });

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
    return { ...document, servers: [{ url: server }], paths };
  });
}
