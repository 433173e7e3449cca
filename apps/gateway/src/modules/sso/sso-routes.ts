import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  API_TAGS,
  ErrorResponse,
  SESSION_COOKIE,
  SignInOptions,
  SSO_REFUSAL_PARAM,
  SSO_ROUTES,
  SSO_TRANSACTION_COOKIE,
  SsoIdentityList,
  SsoLogoutResponse,
  ssoPath,
  type SsoRefusal,
} from '@ehr-gateway/contracts';

import { clearSessionCookie, setSessionCookie } from '../admin-auth/index.js';
import { auditContextOf } from '../audit/index.js';
import type { SsoRepository } from './sso-repository.js';
import type { SsoService } from './sso-service.js';
import { TRANSACTION_TTL_MS } from './transaction-cookie.js';

const tags = [API_TAGS.adminSession];

/** What providers add to the callback besides code and state (session_state, iss, scope…) is allowed. */
const CallbackQuery = z.looseObject({
  code: z.string().max(2_000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
});

const NoQuery = z.strictObject({});
const SsoLoginStart = z.object({ url: z.string() });

const transactionCookie = { path: ssoPath('callback'), httpOnly: true, sameSite: 'lax' } as const;

const clientOf = (request: FastifyRequest) => {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
};

/**
 * After the provider's cross-site redirect a SameSite=Strict session cookie would not go with a
 * further redirect in the same chain; a page that moves on by itself starts a same-site navigation.
 */
const CONTINUE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=/"><title>Signing in…</title></head><body><p>Signing in… <a href="/">Continue</a></p></body></html>`;

const refusedLocation = (reason: SsoRefusal) => `/?${SSO_REFUSAL_PARAM}=${reason}`;

const redirect = (reply: FastifyReply, location: string) =>
  reply.code(303).header('location', location).send();

type SsoRouteDeps = {
  options: () => SignInOptions;
  service: SsoService | null;
  repository: SsoRepository;
  signOut: (token: string | undefined, request: FastifyRequest) => Promise<void>;
};

const zodRoutes = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
type Routes = ReturnType<typeof zodRoutes>;

export function registerSsoRoutes(app: FastifyInstance, deps: SsoRouteDeps) {
  const routes = zodRoutes(app);
  registerStartRoutes(routes, deps);
  registerCallbackRoute(routes, deps);
  registerSessionRoutes(routes, deps);
}

/** What the sign-in screen offers, and the start of a single sign-on. */
function registerStartRoutes(routes: Routes, { options, service }: SsoRouteDeps) {
  routes.route({
    method: 'GET',
    url: SSO_ROUTES.options,
    config: { permission: 'public' },
    schema: {
      operationId: 'getSignInOptions',
      summary: 'How the sign-in screen offers to sign in (single sign-on, password, or both)',
      tags,
      querystring: NoQuery,
      response: { 200: SignInOptions, 400: ErrorResponse },
    },
    handler: async () => options(),
  });

  routes.route({
    method: 'GET',
    url: SSO_ROUTES.login,
    config: { permission: 'public' },
    schema: {
      operationId: 'startSsoSignIn',
      summary:
        'Start a single sign-on: redirects to the identity provider (PKCE S256, state, nonce)',
      description:
        'A browser is redirected (303). A script asking for JSON gets the same URL as {url} (200) and sends the browser there itself; either way the sign-in transaction is set as a cookie.',
      tags,
      querystring: NoQuery,
      response: { 200: SsoLoginStart, 303: z.null(), 400: ErrorResponse },
    },
    handler: async (request, reply) => {
      const wantsJson = request.headers.accept?.includes('application/json') ?? false;
      const started = service ? await service.start().catch(() => null) : null;
      if (!started) {
        // Not configured, or the provider's discovery document cannot be read right now.
        const location = refusedLocation(service ? 'provider-error' : 'sso-not-configured');
        return wantsJson ? { url: location } : redirect(reply, location);
      }
      void reply.setCookie(SSO_TRANSACTION_COOKIE, started.transaction, {
        ...transactionCookie,
        secure: request.protocol === 'https',
        maxAge: TRANSACTION_TTL_MS / 1000,
      });
      return wantsJson ? { url: started.url } : redirect(reply, started.url);
    },
  });
}

/** Where the identity provider returns. */
function registerCallbackRoute(routes: Routes, { service }: SsoRouteDeps) {
  routes.route({
    method: 'GET',
    url: SSO_ROUTES.callback,
    config: { permission: 'public' },
    schema: {
      operationId: 'completeSsoSignIn',
      summary: 'Where the identity provider returns: verifies its answer and opens a session',
      description: `Register {PUBLIC_BASE_URL}${ssoPath('callback')} as the redirect URL. A refusal sends the browser to the console with ?${SSO_REFUSAL_PARAM}=reason.`,
      tags,
      querystring: CallbackQuery,
      response: { 200: z.string(), 303: z.null(), 400: ErrorResponse },
    },
    handler: async (request, reply) => {
      // The transaction is single-use whatever the outcome: a replayed callback finds none.
      void reply.clearCookie(SSO_TRANSACTION_COOKIE, transactionCookie);
      if (!service) {
        return redirect(reply, refusedLocation('sso-not-configured'));
      }
      const query = request.url.slice(request.url.indexOf('?') + 1);
      const outcome = await service.complete(
        request.url.includes('?') ? query : '',
        request.cookies[SSO_TRANSACTION_COOKIE],
        clientOf(request),
      );
      if (!outcome.granted) {
        return redirect(reply, refusedLocation(outcome.reason));
      }
      setSessionCookie(request, reply, outcome.token, outcome.maxAgeSeconds);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(CONTINUE_PAGE);
    },
  });
}

/** Signing out, and who signs in with single sign-on. */
function registerSessionRoutes(routes: Routes, { service, repository, signOut }: SsoRouteDeps) {
  routes.route({
    method: 'POST',
    url: SSO_ROUTES.logout,
    config: { permission: 'public' },
    schema: {
      operationId: 'signOutWithSso',
      summary:
        'Sign out of the console and, after single sign-on, say where the provider ends its session',
      tags,
      response: { 200: SsoLogoutResponse, 403: ErrorResponse },
    },
    handler: async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      // Read before the session ends: its ID token goes with it.
      const redirectTo = service ? await service.endSessionUrl(token) : null;
      await signOut(token, request);
      clearSessionCookie(reply);
      return { redirectTo };
    },
  });

  routes.route({
    method: 'GET',
    url: SSO_ROUTES.identities,
    config: { permission: 'users:read' },
    schema: {
      operationId: 'listSsoIdentities',
      summary:
        'Users who sign in with single sign-on: their email and groups at their last sign-in',
      tags: [API_TAGS.adminUsers],
      response: { 200: SsoIdentityList, 401: ErrorResponse, 403: ErrorResponse },
    },
    handler: async () => ({
      identities: (await repository.listIdentities()).map((identity) => ({
        userId: identity.userId,
        email: identity.email,
        groups: identity.groups,
        syncedAt: identity.syncedAt.toISOString(),
      })),
    }),
  });
}

export const auditedSignOut =
  (
    signOut: (
      token: string | undefined,
      context: ReturnType<typeof auditContextOf>,
    ) => Promise<void>,
  ) =>
  (token: string | undefined, request: FastifyRequest) =>
    signOut(token, auditContextOf(request));
