import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

import {
  HEADERS,
  INTERNAL_EHR_PREFIX,
  SERVICE_PATHS,
  SESSION_COOKIE,
} from '@ehr-gateway/contracts';

/** The OpenAPI 3.1 document is generated from the route schemas, so it cannot drift from the code. */
export async function registerOpenApi(
  app: FastifyInstance,
  version: string,
  apiRoot: () => string,
) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'EHR API Gateway',
        version,
        description: `Gateway routes need an API key in the ${HEADERS.apiKey} header. Admin routes need a session cookie from POST /admin/session.`,
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: HEADERS.apiKey },
          adminSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          vapiSecret: { type: 'apiKey', in: 'header', name: HEADERS.vapiSecret },
        },
      },
    },
    // Admin operations carry the permission they need, gateway operations the API-key scope, as
    // declared next to the route.
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const permission = input.route.config?.permission;
      const scope = input.route.config?.scope;
      return {
        ...output,
        schema: {
          ...output.schema,
          ...(permission && permission !== 'public' ? { 'x-permission': permission } : {}),
          ...(scope ? { 'x-scope': scope } : {}),
        },
      };
    },
  });

  // EHR routes live under an internal prefix that the server maps the configured apiRoot onto;
  // clients must see the apiRoot.
  app.get(SERVICE_PATHS.openApi, { schema: { hide: true } }, async () => {
    const document = app.swagger() as { paths?: Record<string, unknown> };
    const paths = Object.fromEntries(
      Object.entries(document.paths ?? {}).map(([path, item]) => [
        path.startsWith(`${INTERNAL_EHR_PREFIX}/`)
          ? `${apiRoot()}${path.slice(INTERNAL_EHR_PREFIX.length)}`
          : path,
        item,
      ]),
    );
    return { ...document, paths };
  });
}
