import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_PREFIX,
  PERMISSIONS,
  permissionsOf,
  type Permission,
  type Role,
} from '@ehr-gateway/contracts';

import { gatewayApp } from '../src/app.js';
import { registerAdminGuard } from '../src/modules/admin-auth/admin-auth-routes.js';
import type { AdminAuthService } from '../src/modules/admin-auth/admin-auth-service.js';
import {
  addUser,
  adminRequest,
  databaseTargets,
  openTestStorage,
  registeredRoutes,
  signIn,
  testSettings,
  useGateway,
  type TestUser,
} from './helpers.js';

interface DeclaredRoute {
  method: string;
  url: string;
  permission: Permission | undefined;
}

/** Every route the gateway registers, with the permission it declares. */
async function declaredRoutes(): Promise<DeclaredRoute[]> {
  return (await registeredRoutes()).map(({ method, url, config }) => ({
    method,
    url,
    permission: config.permission,
  }));
}

const ADMIN_ROUTE = new RegExp(`^${ADMIN_PREFIX}(/|$)`);
/** Path parameters are filled with an id nothing has: the guard answers before any lookup. */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** These end the caller's session; the caller signs in again after each. */
const ENDS_SESSION = new Set(['DELETE /admin/session', 'DELETE /admin/sessions']);

describe('every admin route declares its permission', () => {
  let routes: DeclaredRoute[] = [];
  beforeAll(async () => {
    routes = (await declaredRoutes()).filter((route) => ADMIN_ROUTE.test(route.url));
  });

  it('walks the registered /admin routes and finds none without a known permission', () => {
    expect(routes.length).toBeGreaterThan(20);
    const undeclared = routes.filter(
      (route) => !route.permission || !(route.permission in PERMISSIONS),
    );
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('refuses to start when an admin route declares none', async () => {
    const app = Fastify();
    registerAdminGuard(app, {} as AdminAuthService);
    expect(() => app.get('/forgotten', async () => ({}))).toThrow(
      'GET /forgotten declares no permission',
    );
    await app.close();
  });

  it('states the permission in the OpenAPI document', async () => {
    const storage = await openTestStorage({ name: 'pglite' });
    const app = Fastify();
    await app.register(gatewayApp, {
      db: storage.db,
      settings: testSettings(),
      backgroundTasks: false,
    });
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { 'x-permission'?: string }>>;
    };
    expect(document.paths['/admin/api-keys']?.post?.['x-permission']).toBe('keys:write');
    expect(document.paths['/admin/users']?.get?.['x-permission']).toBe('users:read');
    expect(document.paths['/admin/session']?.post?.['x-permission']).toBeUndefined();
    await app.close();
    await storage.dispose();
  });
});

describe.each(databaseTargets)('per-role answers of every admin route on $name', (target) => {
  const gw = useGateway(target);
  let routes: DeclaredRoute[] = [];
  const users = new Map<string, TestUser & { role: Role; phiAccess: boolean }>();

  const PRINCIPALS: Array<{ role: Role; phiAccess: boolean }> = [
    { role: 'admin', phiAccess: false },
    { role: 'developer', phiAccess: false },
    { role: 'developer', phiAccess: true },
    { role: 'auditor', phiAccess: false },
  ];
  const principalName = ({ role, phiAccess }: { role: Role; phiAccess: boolean }) =>
    `${role}${phiAccess ? '-phi' : ''}`;

  beforeAll(async () => {
    routes = (await declaredRoutes()).filter(
      (route) => ADMIN_ROUTE.test(route.url) && route.method !== 'HEAD',
    );
    for (const principal of PRINCIPALS) {
      const name = principalName(principal);
      const user = await addUser(gw.app, gw.cookie, { username: `${name}-user`, ...principal });
      users.set(name, { ...user, ...principal });
    }
  });

  afterAll(() => users.clear());

  /**
   * The table: for each principal and each route, allowed means the guard lets the call through
   * (a GET without parameters answers 200; anything else may still be a 400 or 404 about its
   * input), refused means 403 with the role named.
   */
  it.each(PRINCIPALS.map((principal) => [principalName(principal), principal] as const))(
    '%s',
    async (name, principal) => {
      const user = users.get(name)!;
      const granted = permissionsOf(principal);
      const table: string[] = [];
      const expected: string[] = [];
      for (const route of routes) {
        if (route.permission === 'public') {
          continue;
        }
        const url = route.url.replace(/:[A-Za-z]+/g, UNKNOWN_ID);
        const response = await adminRequest(gw.app, user.cookie, {
          method: route.method as 'GET',
          url,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const allowed = granted.includes(route.permission!);
        const simpleRead = route.method === 'GET' && !route.url.includes(':');
        const outcome =
          response.statusCode === 403 && response.json().code === 'PERMISSION_DENIED'
            ? 'refused'
            : response.statusCode === 200 || (!simpleRead && response.statusCode !== 401)
              ? 'allowed'
              : `answered ${response.statusCode}`;
        table.push(`${route.method} ${route.url}: ${outcome}`);
        expected.push(`${route.method} ${route.url}: ${allowed ? 'allowed' : 'refused'}`);
        if (outcome === 'refused') {
          expect(response.json().message).toBe(
            `Your role (${principal.role}) may not ${PERMISSIONS[route.permission!]}`,
          );
        }
        if (ENDS_SESSION.has(`${route.method} ${route.url}`)) {
          user.cookie = await signIn(gw.app, user.password, user.username);
        }
      }
      expect(table).toEqual(expected);
    },
  );

  it('shows patient data only to a user with PHI access who asks for it', async () => {
    await gw.app.inject({
      method: 'GET',
      url: '/utility/validate-dob?dob=1980-01-02',
      headers: { 'x-api-key': gw.key },
    });
    await gw.app.requestLogWriter.flush();
    const [entry] = (
      await adminRequest(gw.app, gw.cookie, { method: 'GET', url: '/admin/logs?limit=1' })
    ).json().logs as Array<{ id: string }>;
    const detail = (name: string, query: string) =>
      adminRequest(gw.app, users.get(name)!.cookie, {
        method: 'GET',
        url: `/admin/logs/${entry!.id}${query}`,
      });

    const refused = await detail('developer', '?showPhi=true');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your role (developer) may not see patient data in the request log',
    );
    const masked = await detail('developer', '');
    expect(masked.statusCode).toBe(200);
    expect(masked.json().payload).toMatchObject({ masked: true, phiAvailable: false });
    const granted = await detail('developer-phi', '?showPhi=true');
    expect(granted.statusCode).toBe(200);
  });

  it('a one-time password opens nothing but the password change', async () => {
    const created = await adminRequest(gw.app, gw.cookie, {
      method: 'POST',
      url: '/admin/users',
      payload: {
        username: 'fresh',
        displayName: 'Fresh Hire',
        role: 'developer',
        phiAccess: false,
      },
    });
    const cookie = await signIn(gw.app, created.json().oneTimePassword, 'fresh');
    const session = await adminRequest(gw.app, cookie, { method: 'GET', url: '/admin/session' });
    expect(session.json().user).toMatchObject({ username: 'fresh', mustChangePassword: true });
    for (const url of ['/admin/logs', '/admin/config', '/admin/sessions']) {
      const response = await adminRequest(gw.app, cookie, { method: 'GET', url });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    }
  });

  it('without a session every guarded admin route answers 401', async () => {
    for (const route of routes.filter((r) => r.permission !== 'public')) {
      const response = await adminRequest(gw.app, '', {
        method: route.method as 'GET',
        url: route.url.replace(/:[A-Za-z]+/g, UNKNOWN_ID),
      });
      expect(`${route.method} ${route.url}: ${response.statusCode}`).toBe(
        `${route.method} ${route.url}: 401`,
      );
    }
  });
});
