import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ErrorResponse, LoginBody, SessionResponse } from '@ehr-gateway/contracts';

import { forbidden, unauthorized } from '../../lib/http-errors.js';
import type { AdminAuthService } from './admin-auth-service.js';

export const SESSION_COOKIE = 'ehrgw_session';
const COOKIE_PATH = '/admin';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const tags = ['Admin: session'];

/**
 * Guards every route registered in the admin scope: a valid session, and for mutations a request
 * from this same origin (SameSite=Strict already blocks most cross-site use; this is the backstop).
 */
export function registerAdminGuard(app: FastifyInstance, service: AdminAuthService) {
  app.addHook('onRequest', async (request) => {
    if (MUTATING_METHODS.has(request.method)) {
      assertSameOrigin(request);
    }
    if (request.routeOptions.config.publicAdminRoute) {
      return;
    }
    const admin = await service.authenticate(request.cookies[SESSION_COOKIE]);
    if (!admin) {
      throw unauthorized('Sign in to use the admin API', 'SESSION_REQUIRED');
    }
    request.admin = admin;
  });
}

function assertSameOrigin(request: FastifyRequest) {
  const origin = request.headers.origin;
  if (origin === undefined) {
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('Cross-site admin requests are not allowed', 'FOREIGN_ORIGIN');
    }
    return;
  }
  const expected = `${request.protocol}://${request.host}`;
  if (origin !== expected) {
    throw forbidden(`Admin changes are only accepted from ${expected}`, 'FOREIGN_ORIGIN');
  }
}

export function registerAdminAuthRoutes(app: FastifyInstance, service: AdminAuthService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const setSessionCookie = (
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    maxAge: number,
  ) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge,
    });

  routes.route({
    method: 'POST',
    url: '/session',
    config: { publicAdminRoute: true },
    schema: {
      operationId: 'createAdminSession',
      summary: 'Sign in',
      tags,
      body: LoginBody,
      response: {
        200: SessionResponse,
        400: ErrorResponse,
        401: ErrorResponse,
        429: ErrorResponse,
      },
    },
    handler: async (request, reply) => {
      const { username, password } = request.body;
      const result = await service.login(username, password, request.ip);
      setSessionCookie(request, reply, result.token, result.maxAgeSeconds);
      return result.session;
    },
  });

  routes.route({
    method: 'GET',
    url: '/session',
    schema: {
      operationId: 'getAdminSession',
      summary: 'The signed-in administrator',
      tags,
      response: { 200: SessionResponse, 401: ErrorResponse },
    },
    handler: async (request) => {
      const { user } = request.admin!;
      return { user: { username: user.username, displayName: user.displayName } };
    },
  });

  routes.route({
    method: 'DELETE',
    url: '/session',
    config: { publicAdminRoute: true },
    schema: {
      operationId: 'deleteAdminSession',
      summary: 'Sign out',
      tags,
      response: { 204: z.null(), 403: ErrorResponse },
    },
    handler: async (request, reply) => {
      await service.logout(request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: COOKIE_PATH });
      return reply.code(204).send(null);
    },
  });
}
