import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ADMIN_ROUTES,
  API_TAGS,
  ChangePasswordBody,
  CreateUserBody,
  ErrorResponse,
  IdParams,
  LoginBody,
  PasswordReset,
  PERMISSIONS,
  SECOND_FACTOR_ERRORS,
  SESSION_COOKIE,
  SessionList,
  SessionListQuery,
  SessionResponse,
  UpdateUserBody,
  UserCreated,
  UserIdParams,
  UserList,
  UserSummary,
} from '@ehr-gateway/contracts';

import { forbidden, unauthorized } from '../../lib/http-errors.js';
import { secretMatches } from '../../lib/secrets.js';
import { auditContextOf } from '../audit/index.js';
import type { AdminAuthService } from './admin-auth-service.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';

const BEARER = /^Bearer\s+(\S+)$/i;
const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const sessionTags = [API_TAGS.adminSession];
const userTags = [API_TAGS.adminUsers];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

/**
 * Guards every route registered in the admin scope: a valid session, the permission the route
 * declares, a password changed before anything else when it was a one-time one, and for
 * mutations a request from this same origin (SameSite=Strict already blocks most cross-site use;
 * this is the backstop).
 */
export function registerAdminGuard(
  app: FastifyInstance,
  service: AdminAuthService,
  { metricsToken }: { metricsToken?: string } = {},
) {
  // A route that forgets its permission stops the gateway from starting rather than going unguarded.
  app.addHook('onRoute', (route) => {
    if (!route.config?.permission) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no permission (config.permission)`,
      );
    }
  });
  app.addHook('onRequest', async (request) => {
    if (MUTATING_METHODS.has(request.method)) {
      assertSameOrigin(request);
    }
    const {
      permission,
      allowedBeforePasswordChange,
      allowedBeforeSecondFactor,
      acceptsMetricsToken,
    } = request.routeOptions.config;
    if (permission === 'public') {
      return;
    }
    const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (acceptsMetricsToken && metricsToken && bearer !== undefined) {
      if (!secretMatches(bearer, metricsToken)) {
        throw unauthorized('Invalid metrics token', 'METRICS_TOKEN_INVALID');
      }
      return;
    }
    const admin = await service.authenticate(request.cookies[SESSION_COOKIE]);
    if (!admin) {
      throw unauthorized('Sign in to use the admin API', 'SESSION_REQUIRED');
    }
    request.admin = admin;
    if (admin.user.mustChangePassword && !allowedBeforePasswordChange) {
      throw forbidden(
        'Change your one-time password first (POST /admin/session/password)',
        'PASSWORD_CHANGE_REQUIRED',
      );
    }
    if (admin.user.mustEnrolSecondFactor && !allowedBeforeSecondFactor) {
      throw forbidden(
        'Set up your second factor first (POST /admin/session/second-factor): LOCAL_MFA=required',
        SECOND_FACTOR_ERRORS.enrolmentRequired,
      );
    }
    if (!permission || !admin.user.permissions.includes(permission)) {
      const what = permission ? PERMISSIONS[permission] : 'use this route';
      throw forbidden(`Your role (${admin.user.role}) may not ${what}`, 'PERMISSION_DENIED');
    }
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

const clientOf = (request: FastifyRequest) => {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
};

export function registerAdminAuthRoutes(app: FastifyInstance, service: AdminAuthService) {
  registerSignInRoutes(app, service);
  registerPasswordRoutes(app, service);
  registerOwnSessionRoutes(app, service);
  registerUserRoutes(app, service);
}

/** Signing in and out, and who is signed in. */
function registerSignInRoutes(app: FastifyInstance, service: AdminAuthService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    method: 'POST',
    url: ADMIN_ROUTES.session,
    config: { permission: 'public' },
    schema: {
      operationId: 'createAdminSession',
      summary: 'Sign in',
      tags: sessionTags,
      body: LoginBody,
      response: {
        200: SessionResponse,
        400: ErrorResponse,
        401: ErrorResponse,
        403: ErrorResponse,
        429: ErrorResponse,
      },
    },
    handler: async (request, reply) => {
      const result = await service.login(request.body, clientOf(request));
      setSessionCookie(request, reply, result.token, result.maxAgeSeconds);
      return result.session;
    },
  });

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.session,
    config: {
      permission: 'session:self',
      allowedBeforePasswordChange: true,
      allowedBeforeSecondFactor: true,
    },
    schema: {
      operationId: 'getAdminSession',
      summary: 'The signed-in user, with their role, PHI access and permissions',
      tags: sessionTags,
      response: { 200: SessionResponse, 401: ErrorResponse },
    },
    handler: async (request) => ({ user: request.admin!.user }),
  });

  routes.route({
    method: 'DELETE',
    url: ADMIN_ROUTES.session,
    config: { permission: 'public' },
    schema: {
      operationId: 'deleteAdminSession',
      summary: 'Sign out',
      tags: sessionTags,
      response: { 204: z.null(), 403: ErrorResponse },
    },
    handler: async (request, reply) => {
      await service.logout(request.cookies[SESSION_COOKIE], auditContextOf(request));
      clearSessionCookie(reply);
      return reply.code(204).send(null);
    },
  });
}

/** One's own password, and an admin's reset of someone else's. */
function registerPasswordRoutes(app: FastifyInstance, service: AdminAuthService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    method: 'POST',
    url: ADMIN_ROUTES.sessionPassword,
    config: {
      permission: 'session:self',
      allowedBeforePasswordChange: true,
      allowedBeforeSecondFactor: true,
    },
    schema: {
      operationId: 'changeOwnPassword',
      summary: 'Change your own password (required after signing in with a one-time password)',
      description:
        'At least 12 characters, not containing the username. Ends your other sessions. Wrong current passwords count toward the sign-in lockout (429).',
      tags: sessionTags,
      body: ChangePasswordBody,
      response: { 200: SessionResponse, ...errors, 429: ErrorResponse },
    },
    handler: async (request) =>
      service.changeOwnPassword(request.admin!, request.body, auditContextOf(request)),
  });

  routes.route({
    method: 'POST',
    url: ADMIN_ROUTES.userPasswordReset,
    config: { permission: 'users:manage' },
    schema: {
      operationId: 'resetUserPassword',
      summary: 'Give a user a new one-time password (shown once) and end their sessions',
      tags: userTags,
      params: UserIdParams,
      response: { 200: PasswordReset, 404: ErrorResponse, 409: ErrorResponse, ...errors },
    },
    handler: async (request) => service.resetPassword(request.params.id, auditContextOf(request)),
  });
}

/** Listing and ending sessions. */
function registerOwnSessionRoutes(app: FastifyInstance, service: AdminAuthService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.sessions,
    config: { permission: 'session:self' },
    schema: {
      operationId: 'listAdminSessions',
      summary: 'Your signed-in sessions; with scope=all, everyone\u2019s (admins)',
      tags: sessionTags,
      querystring: SessionListQuery,
      response: { 200: SessionList, ...errors },
    },
    handler: async (request) => ({
      sessions: await service.listSessions(request.admin!, request.query.scope === 'all'),
    }),
  });

  routes.route({
    method: 'DELETE',
    url: ADMIN_ROUTES.sessionById,
    config: { permission: 'session:self' },
    schema: {
      operationId: 'revokeAdminSession',
      summary: 'End one session: your own, or (admins) anyone\u2019s',
      tags: sessionTags,
      params: IdParams,
      response: { 204: z.null(), 404: ErrorResponse, ...errors },
    },
    handler: async (request, reply) => {
      await service.revokeSession(request.admin!, request.params.id, auditContextOf(request));
      if (request.params.id === request.admin!.sessionId) {
        clearSessionCookie(reply);
      }
      return reply.code(204).send(null);
    },
  });

  routes.route({
    method: 'DELETE',
    url: ADMIN_ROUTES.sessions,
    config: { permission: 'session:self' },
    schema: {
      operationId: 'revokeOwnSessions',
      summary: 'Sign out everywhere: end every one of your sessions, this one included',
      tags: sessionTags,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.revokeOwnSessions(request.admin!, auditContextOf(request));
      clearSessionCookie(reply);
      return reply.code(204).send(null);
    },
  });
}

/** Console users: list, create, change. */
function registerUserRoutes(app: FastifyInstance, service: AdminAuthService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.users,
    config: { permission: 'users:read' },
    schema: {
      operationId: 'listUsers',
      summary: 'Console users with their role, PHI access and last sign-in',
      tags: userTags,
      response: { 200: UserList, ...errors },
    },
    handler: async () => ({ users: await service.listUsers() }),
  });

  routes.route({
    method: 'POST',
    url: ADMIN_ROUTES.users,
    config: { permission: 'users:manage' },
    schema: {
      operationId: 'createUser',
      summary: 'Create a console user; their one-time password is in this answer only',
      tags: userTags,
      body: CreateUserBody,
      response: { 201: UserCreated, 409: ErrorResponse, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.createUser(request.body, auditContextOf(request))),
  });

  routes.route({
    method: 'PATCH',
    url: ADMIN_ROUTES.user,
    config: { permission: 'users:manage' },
    schema: {
      operationId: 'updateUser',
      summary: 'Change a user\u2019s role, PHI access, display name or active flag',
      description:
        'Deactivating a user ends their sessions at once. The last active admin cannot be demoted or deactivated (409).',
      tags: userTags,
      params: UserIdParams,
      body: UpdateUserBody,
      response: { 200: UserSummary, 404: ErrorResponse, 409: ErrorResponse, ...errors },
    },
    handler: async (request) =>
      service.updateUser(request.params.id, request.body, auditContextOf(request)),
  });
}
