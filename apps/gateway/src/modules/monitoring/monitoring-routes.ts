import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  ADMIN_ROUTES,
  AlertParams,
  AlertsResponse,
  API_TAGS,
  ErrorResponse,
  MarkAlertsReadResponse,
  UptimeResponse,
} from '@ehr-gateway/contracts';

import type { MonitoringService } from './monitoring-service.js';

const tags = [API_TAGS.adminAlerts];
const refusals = { 401: ErrorResponse, 403: ErrorResponse };

/** Read marks belong to the signed-in user; the admin guard has set who that is. */
const userIdOf = (request: FastifyRequest) => request.admin?.user.id ?? '';

export function registerMonitoringRoutes(app: FastifyInstance, service: MonitoringService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.alerts,
    config: { permission: 'status:read' },
    schema: {
      operationId: 'listAlerts',
      summary:
        'Open alerts and those cleared in the last day, with the unread count for the signed-in user',
      tags,
      response: { 200: AlertsResponse, ...refusals },
    },
    handler: async (request) => service.alerts(userIdOf(request)),
  });

  routes.route({
    method: 'POST',
    url: ADMIN_ROUTES.alertRead,
    config: { permission: 'status:read' },
    schema: {
      operationId: 'markAlertRead',
      summary: 'Marks one alert read for the signed-in user',
      tags,
      params: AlertParams,
      response: { 200: MarkAlertsReadResponse, 404: ErrorResponse, ...refusals },
    },
    handler: async (request) => service.markRead(userIdOf(request), request.params.alertId),
  });

  routes.route({
    method: 'POST',
    url: ADMIN_ROUTES.alertsRead,
    config: { permission: 'status:read' },
    schema: {
      operationId: 'markAllAlertsRead',
      summary: 'Marks every open alert read for the signed-in user',
      tags,
      response: { 200: MarkAlertsReadResponse, ...refusals },
    },
    handler: async (request) => service.markAllRead(userIdOf(request)),
  });

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.uptime,
    config: { permission: 'status:read' },
    schema: {
      operationId: 'getUptime',
      summary:
        'Share of minutes in the last 30 days in which an instance answered with its database reachable',
      tags: [API_TAGS.adminStatus],
      response: { 200: UptimeResponse, ...refusals },
    },
    handler: async () => service.uptime(),
  });
}
