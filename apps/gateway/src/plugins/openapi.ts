import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

import { SESSION_COOKIE } from '../modules/admin-auth/admin-auth-routes.js';
import { EHR_ROUTE_PREFIX } from '../modules/ehr/ehr-routes.js';

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
        description:
          'Gateway routes need an API key in the x-api-key header. Admin routes need a session cookie from POST /admin/session.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          adminSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          vapiSecret: { type: 'apiKey', in: 'header', name: 'x-vapi-secret' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  // EHR routes live under an internal prefix that the server maps the configured apiRoot onto;
  // clients must see the apiRoot.
  app.get('/openapi.json', { schema: { hide: true } }, async () => {
    const document = app.swagger() as { paths?: Record<string, unknown> };
    const paths = Object.fromEntries(
      Object.entries(document.paths ?? {}).map(([path, item]) => [
        path.startsWith(`${EHR_ROUTE_PREFIX}/`)
          ? `${apiRoot()}${path.slice(EHR_ROUTE_PREFIX.length)}`
          : path,
        item,
      ]),
    );
    return { ...document, paths };
  });
}
