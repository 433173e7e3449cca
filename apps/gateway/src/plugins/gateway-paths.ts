import type { FastifyRequest } from 'fastify';

import {
  ADMIN_PREFIX,
  GATEWAY_PREFIX_SOURCES,
  GATEWAY_PREFIXES,
  INTERNAL_EHR_PREFIX,
  type LogSource,
  SERVICE_PATHS,
} from '@ehr-gateway/contracts';

import { ehrSourceOf } from '../modules/ehr/index.js';

const underPrefix = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}/`);

const prefixSources = Object.entries(GATEWAY_PREFIXES).map(
  ([name, prefix]) =>
    [prefix, GATEWAY_PREFIX_SOURCES[name as keyof typeof GATEWAY_PREFIXES]] as const,
);

/** Paths the console's client-side routes never own besides the gateway's own. */
const NON_CONSOLE_PREFIXES = [ADMIN_PREFIX, ...Object.values(SERVICE_PATHS)];

/**
 * How a path is classified: which source a gateway path asks for, how a route is named to
 * clients, and which paths are the API's rather than the console's. The EHR routes live under
 * the apiRoot in force, which the gateway config can change at run time.
 */
export function createGatewayPaths(apiRoot: () => string) {
  const requestedSourceOf = (path: string, request?: FastifyRequest): LogSource | undefined => {
    if (underPrefix(path, apiRoot())) {
      return request ? ehrSourceOf(request) : 'athena';
    }
    return prefixSources.find(([prefix]) => underPrefix(path, prefix))?.[1];
  };
  const isGatewayPath = (path: string) => requestedSourceOf(path) !== undefined;
  return {
    requestedSourceOf,
    isGatewayPath,
    /** The matched route's template as clients see it (`/api/{practiceId}/patients`), or null. */
    publicRouteOf(request: FastifyRequest): string | null {
      const template = request.routeOptions.url;
      if (template === undefined) {
        return null;
      }
      const visible = underPrefix(template, INTERNAL_EHR_PREFIX)
        ? `${apiRoot()}${template.slice(INTERNAL_EHR_PREFIX.length)}`
        : template;
      return visible.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    },
    /** Gateway, admin and service paths: never answered with the console's page. */
    isApiPath: (path: string) =>
      isGatewayPath(path) || NON_CONSOLE_PREFIXES.some((prefix) => underPrefix(path, prefix)),
  };
}
