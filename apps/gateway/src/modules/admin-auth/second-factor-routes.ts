import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ADMIN_ROUTES,
  API_TAGS,
  ConfirmSecondFactorBody,
  ErrorResponse,
  RecoveryCodes,
  SecondFactorEnrolment,
  UserIdParams,
} from '@ehr-gateway/contracts';

import { auditContextOf } from '../audit/index.js';
import type { SecondFactorService } from './second-factor-service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse };

/** Enrolling one's own TOTP second factor, and an admin's reset of someone's. */
export function registerSecondFactorRoutes(app: FastifyInstance, service: SecondFactorService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'POST',
    url: ADMIN_ROUTES.sessionSecondFactor,
    config: { permission: 'session:self', allowedBeforeSecondFactor: true },
    schema: {
      operationId: 'startSecondFactorEnrolment',
      summary:
        'A new TOTP secret for you, with its otpauth URI and QR code (pending until confirmed)',
      description:
        'Local accounts only (409 SSO_USER for single sign-on users). Starting again replaces a pending secret; a confirmed one must be reset by an admin first (409).',
      tags: [API_TAGS.adminSession],
      response: { 200: SecondFactorEnrolment, ...errors },
    },
    handler: async (request) => service.startEnrolment(request.admin!),
  });

  routes.route({
    method: 'POST',
    url: ADMIN_ROUTES.sessionSecondFactorConfirm,
    config: { permission: 'session:self', allowedBeforeSecondFactor: true },
    schema: {
      operationId: 'confirmSecondFactorEnrolment',
      summary: 'Confirm the pending secret with its current code; answers the recovery codes, once',
      tags: [API_TAGS.adminSession],
      body: ConfirmSecondFactorBody,
      response: { 200: RecoveryCodes, ...errors },
    },
    handler: async (request) =>
      service.confirmEnrolment(request.admin!, request.body.code, auditContextOf(request)),
  });

  routes.route({
    method: 'DELETE',
    url: ADMIN_ROUTES.userSecondFactor,
    config: { permission: 'users:manage' },
    schema: {
      operationId: 'resetUserSecondFactor',
      summary: 'Remove a user\u2019s second factor (a lost phone) and end their sessions',
      tags: [API_TAGS.adminUsers],
      params: UserIdParams,
      response: { 204: z.null(), 404: ErrorResponse, ...errors },
    },
    handler: async (request, reply) => {
      await service.reset(request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  });
}
