import { ADMIN_PREFIX } from './names.js';

/**
 * The admin API's routes below ADMIN_PREFIX, in Fastify's `:param` form: the one home of their
 * names. The gateway registers each under this pattern; the console and the e2e suite build their
 * URLs with adminPath. Single sign-on's routes live with the rest of its names (SSO_ROUTES).
 */
export const ADMIN_ROUTES = {
  session: '/session',
  sessionPassword: '/session/password',
  sessions: '/sessions',
  sessionById: '/sessions/:id',
  /** POST: a new TOTP secret for the signed-in user (pending until confirmed). */
  sessionSecondFactor: '/session/second-factor',
  /** POST: the first code confirms the enrolment and answers the recovery codes, once. */
  sessionSecondFactorConfirm: '/session/second-factor/confirm',
  users: '/users',
  user: '/users/:id',
  userPasswordReset: '/users/:id/password-reset',
  /** DELETE: an admin removes a user's second factor (they enrol again). */
  userSecondFactor: '/users/:id/second-factor',
  apiKeys: '/api-keys',
  apiKey: '/api-keys/:id',
  apiKeyRotate: '/api-keys/:id/rotate',
  apiKeyUsage: '/api-keys/:id/usage',
  config: '/config',
  configHistory: '/config/history',
  logs: '/logs',
  logsExport: '/logs/export.csv',
  log: '/logs/:id',
  audit: '/audit',
  auditExport: '/audit/export.csv',
  auditVerify: '/audit/verify',
  metrics: '/metrics',
  metricsPrometheus: '/metrics/prometheus',
  alerts: '/alerts',
  alertsRead: '/alerts/read',
  alertRead: '/alerts/:alertId/read',
  uptime: '/uptime',
  ehrStatus: '/ehr-status',
  system: '/system',
} as const;
export type AdminRoute = keyof typeof ADMIN_ROUTES;

/** The `:name` parameters of a route pattern, e.g. `'id'` for `/api-keys/:id/rotate`. */
type ParamsOf<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;
type AdminParams<Route extends AdminRoute> = Record<ParamsOf<(typeof ADMIN_ROUTES)[Route]>, string>;

/**
 * The full path of an admin route as browsers call it, each parameter URL-encoded:
 * `adminPath('apiKeyRotate', { id })` → `/admin/api-keys/<id>/rotate`.
 */
export function adminPath<Route extends AdminRoute>(
  route: Route,
  ...[params]: ParamsOf<(typeof ADMIN_ROUTES)[Route]> extends never ? [] : [AdminParams<Route>]
): string {
  const values: Record<string, string> = params ?? {};
  const path = ADMIN_ROUTES[route].replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
  return `${ADMIN_PREFIX}${path}`;
}
